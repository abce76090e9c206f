import { stationLocal } from "./play-state";
import type { AnswerButton, PlayState, StationLocal } from "./play-state";
import { queuedAt } from "./outbox";
import { waitingSubmission } from "./submission-messages";

export type MessengerState = {
  /** The character shown as writing ("Lena schreibt …"), or null. */
  writer: string | null;
  /** The text input takes an answer: one is expected (or was rejected) and nobody is writing. */
  inputEnabled: boolean;
  /** The last answer was rejected (show a hint, scroll down). */
  rejected: boolean;
  /** Button answers to show: only while button input is expected and nobody is writing. */
  buttons: AnswerButton[];
  /** The mission the station waits for (a photo, video or recording), once nobody is writing. */
  mission: StationLocal["expectingMission"];
  /** What was sent for the mission waits for a host's verdict. */
  waitingForHost: boolean;
  /** Who writes again later (messages the server holds back), while nobody is writing now. */
  pending: string | null;
};

/**
 * Who is writing at a station: the sender of the next queued message, shown for the current
 * or the last active station only.
 */
export function writerAt(state: PlayState, stationId: number): string | null {
  const head = stationLocal(state, stationId).queue[0];
  if (head === undefined || head.delayMs === 0) return null;
  const shown = stationId === state.currentStation || stationId === state.lastActiveStation;
  return shown ? head.message.originator : null;
}

export function messengerState(state: PlayState, stationId: number): MessengerState {
  const station = stationLocal(state, stationId);
  // An answer or tap that waits for the network answers the station's question already.
  const busy = station.queue.length > 0 || queuedAt(state, stationId).length > 0;
  return {
    writer: writerAt(state, stationId),
    inputEnabled: (station.expectingAnswer || station.answerRejected) && !busy,
    rejected: station.answerRejected,
    buttons: station.expectingButton && !busy ? station.buttons : [],
    mission: busy ? null : station.expectingMission,
    waitingForHost: waitingSubmission(station) !== undefined,
    pending: station.queue.length === 0 ? station.pendingFrom : null,
  };
}

export function unreadCount(state: PlayState, stationId: number): number {
  return stationLocal(state, stationId).messages.filter((message) => message.unread).length;
}
