import type { ServerEventMap } from "@wegmarke/protocol";
import { inputConsumed } from "./expectations";
import type { Message, PlayState, SentSubmission, StationLocal } from "./play-state";

type SubmissionEvent = ServerEventMap["submission"];

/**
 * A mission's submission in the station's thread (`submission` events): the first event of one
 * adds it on the player's side, like an answer's echo (in a team naming the teammate who sent
 * it), and uses up the mission it answers; a later one (the host's verdict) changes its state
 * where it stands.
 */
export function receiveSubmission(
  station: StationLocal,
  data: SubmissionEvent,
  id: number,
  member: string | null,
): StationLocal {
  const change = (message: Message): Message =>
    message.submission?.id === data.ID
      ? { ...message, submission: { ...message.submission, state: data.State } }
      : message;
  const known =
    station.messages.some((message) => message.submission?.id === data.ID) ||
    station.queue.some(({ message }) => message.submission?.id === data.ID);
  if (known) {
    return {
      ...station,
      messages: station.messages.map(change),
      queue: station.queue.map((queued) => ({ ...queued, message: change(queued.message) })),
    };
  }
  const teammate = data.Member !== undefined && data.Member !== member;
  const message: Message = {
    id,
    stationId: data.StationID,
    originator: "user",
    type: "submission",
    content: "",
    submission: { id: data.ID, kind: data.Kind, state: data.State },
    ...(teammate && { author: data.Name ?? "" }),
    timestamp: data.Timestamp,
    unread: false,
  };
  const consumed = inputConsumed(station);
  // Behind messages still being typed it keeps its place, without a typing of its own.
  return consumed.queue.length === 0
    ? { ...consumed, messages: [...consumed.messages, message] }
    : { ...consumed, queue: [...consumed.queue, { message, delayMs: 0 }] };
}

/** The thread's newest submission, when it waits for a host: the mission bar says so. */
export function waitingSubmission(station: StationLocal): SentSubmission | undefined {
  const thread = [...station.messages, ...station.queue.map(({ message }) => message)];
  const newest = thread.findLast((message) => message.submission !== undefined)?.submission;
  return newest?.state === "waiting" ? newest : undefined;
}

/** The server's ids of the submissions a thread shows. */
export function submissionIds(station: StationLocal): number[] {
  return station.messages.flatMap((message) =>
    message.submission === undefined ? [] : [message.submission.id],
  );
}

/** Every submission of every thread, with its state: a change of any of them changes this. */
export function allSubmissionIds(state: PlayState): string[] {
  return Object.values(state.stations).flatMap((station) =>
    station.messages.flatMap((message) =>
      message.submission === undefined
        ? []
        : [`${message.submission.id}:${message.submission.state}`],
    ),
  );
}
