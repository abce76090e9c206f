import type { Awaiting, EngineMessage, StepResult } from "../engine/types";
import type { EventDraft } from "../events/event-log";

/**
 * The events one engine step causes, in the order the player sees them: the player's own
 * answer or tap, the character's messages, then what the station waits for.
 */
export function stepEvents(stationId: number, result: StepResult, timestamp: string): EventDraft[] {
  const events: EventDraft[] = [];
  if (result.echo !== undefined) {
    events.push({
      type: "webtext",
      data: { StationID: stationId, Originator: "user", Text: result.echo, Timestamp: timestamp },
    });
  }
  for (const message of result.messages) events.push(messageEvent(stationId, message, timestamp));
  events.push(...awaitingEvents(stationId, result.awaiting));
  return events;
}

function messageEvent(stationId: number, message: EngineMessage, timestamp: string): EventDraft {
  if (message.kind === "text") {
    return {
      type: "webtext",
      data: {
        StationID: stationId,
        Originator: message.from,
        Text: message.text,
        Timestamp: timestamp,
      },
    };
  }
  return {
    type: "webcontent",
    data: {
      StationID: stationId,
      Originator: message.from,
      ContentRef: message.contentRef,
      ...(message.seenRatio === undefined ? {} : { SeenRatio: message.seenRatio }),
      Timestamp: timestamp,
    },
  };
}

function awaitingEvents(stationId: number, awaiting: Awaiting): EventDraft[] {
  const events: EventDraft[] = [];
  if (awaiting.buttons.length > 0) {
    events.push({ type: "buttongroup-start", data: { StationID: stationId } });
    for (const button of awaiting.buttons) {
      events.push({
        type: "webbutton",
        data: { StationID: stationId, Target: button.target, Text: button.text },
      });
    }
    events.push({ type: "buttoninput-expected", data: { StationID: stationId } });
  }
  if (awaiting.answer) events.push({ type: "answer-expected", data: { StationID: stationId } });
  return events;
}
