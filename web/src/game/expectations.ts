import type { StationLocal } from "./play-state";

/**
 * What a station accepts from the player (spec 4): an answer (or a rejected one) and buttons,
 * each with the id of the event that set it. The expectations after a send are what the stream
 * said after it, in whichever order the stream's events and the call's answer arrive:
 *
 * - the server echoes every accepted answer or tap (a `webtext` from `user`, a teammate's
 *   too) before what follows from it: the echo voids every expectation set before it;
 * - the clearing after a successful send takes only what was set at or before the last event
 *   id known when the send was made, never what the stream brought after it.
 */

/**
 * The event `eventId` sets the answer expectation (answer-expected). A new question (not the
 * same one asked again after a wrong answer) forgets the last answer sent.
 */
export function expectAnswer(
  station: StationLocal,
  eventId: number | null,
  newQuestion = false,
): StationLocal {
  return {
    ...station,
    expectingAnswer: true,
    answerRejected: false,
    answerEventId: eventId ?? station.answerEventId,
    ...(newQuestion && {
      lastAnswer: null,
      questionEventId: eventId ?? station.questionEventId,
    }),
  };
}

/** The event `eventId` belongs to the station's buttons (a group's start, a button, the wait). */
export function buttonEvent(
  station: StationLocal,
  eventId: number | null,
  change: Partial<Pick<StationLocal, "buttons" | "expectingButton">>,
): StationLocal {
  return { ...station, ...change, buttonEventId: eventId ?? station.buttonEventId };
}

/** The stream echoed an answer or a tap: what the station expected before is used up. */
export function inputConsumed(station: StationLocal): StationLocal {
  const expecting =
    station.expectingAnswer ||
    station.answerRejected ||
    station.expectingButton ||
    station.expectingMission !== null;
  if (!expecting) {
    return station.buttons.length === 0 ? station : { ...station, buttons: [] };
  }
  return {
    ...station,
    expectingAnswer: false,
    answerRejected: false,
    expectingButton: false,
    expectingMission: null,
    buttons: [],
  };
}

/**
 * A send made when `sentAfterEventId` was the last event id succeeded: the expectations set at
 * or before it are used up; `answerCleared` tells whether the answer's went (with its pending
 * rejection). A send the server refused because it expects no such input (409) clears `only`
 * that kind: what the app still offered of it was stale.
 */
export function clearSent(
  station: StationLocal,
  sentAfterEventId: number | null,
  only?: "answer" | "buttons",
): { station: StationLocal; answerCleared: boolean } {
  const settled = (eventId: number | null) =>
    eventId === null || (sentAfterEventId !== null && eventId <= sentAfterEventId);
  const answerCleared = only !== "buttons" && settled(station.answerEventId);
  const buttonsCleared = only !== "answer" && settled(station.buttonEventId);
  return {
    station: {
      ...station,
      ...(answerCleared && { expectingAnswer: false, answerRejected: false }),
      ...(buttonsCleared && { expectingButton: false, buttons: [] }),
    },
    answerCleared,
  };
}
