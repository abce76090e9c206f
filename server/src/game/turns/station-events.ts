import type { Awaiting, EngineMessage, StepResult } from "../../engine/types";
import type { EventDraft } from "../../events/event-log";

/** Messages of one step that are due later, together, and what the step waits for after them. */
export type LaterGroup = {
  /** Milliseconds after the step. */
  dueInMs: number;
  messages: EngineMessage[];
  /** Set on the step's last group: sent (and accepted) only once its messages are out. */
  awaiting?: Awaiting;
  /** With `awaiting`: the step asks a new question (StepResult's `newQuestion`). */
  newQuestion?: true;
  /** Set on every group but the last: who writes the next one. */
  next?: string;
};

/** What one engine step leads to, now and later. */
export type StepPlan = {
  /** Logged at once: the echo, the messages due now and, when nothing comes later, the wait. */
  now: EventDraft[];
  /** What the station accepts from now on: nothing while its question is still to come. */
  awaitingNow: Awaiting;
  /** Delayed messages (`#delay:`) in delivery order, each group at a later time than the last. */
  later: LaterGroup[];
};

/** Who gave an answer or a tap in a team: the member's key and name, carried by the echo. */
export type EchoAuthor = { member: string; name: string };

const NOTHING_AWAITED: Awaiting = { answer: false, buttons: [] };

/**
 * Splits a step into what is sent now and what is due later, keeping the player's view in
 * order: the player's own answer or tap, the character's messages, then what the station waits
 * for. In a team the echo names the member who gave the input (`author`). A message's delay counts from the one before it, so delays add up along the step, and a
 * message without a delay goes out together with the one before it.
 */
export function planStep(
  stationId: number,
  result: StepResult,
  timestamp: string,
  author?: EchoAuthor,
): StepPlan {
  const now: EventDraft[] = [];
  if (result.echo !== undefined) {
    now.push({
      type: "webtext",
      data: {
        StationID: stationId,
        Originator: "user",
        Text: result.echo,
        Timestamp: timestamp,
        ...(author && { Member: author.member, Name: author.name }),
      },
    });
  }
  const later: LaterGroup[] = [];
  let dueInMs = 0;
  for (const message of result.messages) {
    dueInMs += message.delayMs ?? 0;
    const last = later.at(-1);
    if (dueInMs === 0) now.push(messageEvent(stationId, message, timestamp));
    else if (last?.dueInMs === dueInMs) last.messages.push(message);
    else later.push({ dueInMs, messages: [message] });
  }
  const [first, ...rest] = later;
  if (!first) {
    now.push(...awaitingEvents(stationId, result.awaiting, result.newQuestion));
    return { now, awaitingNow: result.awaiting, later };
  }
  // The app says that more is to come: now, and after each group but the last.
  now.push(pendingEvent(stationId, senderOf(first)));
  later.forEach((group, i) => {
    const following = rest[i];
    if (following) group.next = senderOf(following);
  });
  const last = later.at(-1) ?? first;
  if (waitsForPlayer(result.awaiting)) {
    last.awaiting = result.awaiting;
    if (result.newQuestion) last.newQuestion = true;
  }
  return { now, awaitingNow: NOTHING_AWAITED, later };
}

/** The events of a group of delayed messages when it is delivered. */
export function laterEvents(stationId: number, group: LaterGroup, timestamp: string): EventDraft[] {
  return [
    ...group.messages.map((message) => messageEvent(stationId, message, timestamp)),
    ...(group.awaiting ? awaitingEvents(stationId, group.awaiting, group.newQuestion) : []),
    ...(group.next === undefined ? [] : [pendingEvent(stationId, group.next)]),
  ];
}

/** Who writes a group: the sender of its first message (a group is never empty). */
function senderOf(group: LaterGroup): string {
  return group.messages[0]?.from ?? "";
}

/** More of the station's messages come later, the next from `from`. */
function pendingEvent(stationId: number, from: string): EventDraft {
  return { type: "messages-pending", data: { StationID: stationId, Originator: from } };
}

export function waitsForPlayer(awaiting: Awaiting): boolean {
  return awaiting.answer || awaiting.buttons.length > 0 || awaiting.mission !== undefined;
}

/**
 * A character's message; a recommendation (`#recommend`) becomes its own event type. Its id is
 * qualified with the station (`3:kilian`), because the script's ids are unique only within it.
 */
function messageEvent(stationId: number, message: EngineMessage, timestamp: string): EventDraft {
  const recommendation =
    message.recommendation === undefined
      ? undefined
      : { RecommendationID: `${stationId}:${message.recommendation}` };
  if (message.kind === "text") {
    const data = {
      StationID: stationId,
      Originator: message.from,
      Text: message.text,
      Timestamp: timestamp,
    };
    return recommendation
      ? { type: "webtext-recommendation", data: { ...data, ...recommendation } }
      : { type: "webtext", data };
  }
  const data = {
    StationID: stationId,
    Originator: message.from,
    ContentRef: message.contentRef,
    ...(message.seenRatio === undefined ? {} : { SeenRatio: message.seenRatio }),
    Timestamp: timestamp,
  };
  return recommendation
    ? { type: "webcontent-recommendation", data: { ...data, ...recommendation } }
    : { type: "webcontent", data };
}

function awaitingEvents(
  stationId: number,
  awaiting: Awaiting,
  newQuestion: true | undefined,
): EventDraft[] {
  const events: EventDraft[] = [];
  if (awaiting.buttons.length > 0) {
    events.push({ type: "buttongroup-start", data: { StationID: stationId } });
    for (const button of awaiting.buttons) {
      events.push({
        type: "webbutton",
        data: {
          StationID: stationId,
          Target: button.target,
          Text: button.text,
          ...(button.hint && { Hint: { Cost: button.hint.cost } }),
        },
      });
    }
    events.push({ type: "buttoninput-expected", data: { StationID: stationId } });
  }
  if (awaiting.answer) {
    const data = { StationID: stationId, ...(newQuestion && { NewQuestion: true as const }) };
    events.push({ type: "answer-expected", data });
  }
  const { mission } = awaiting;
  if (mission) {
    events.push({
      type: "mission-expected",
      data: {
        StationID: stationId,
        Kind: mission.kind,
        ...(mission.maxSeconds === undefined ? {} : { MaxSeconds: mission.maxSeconds }),
        Judged: !mission.auto,
      },
    });
  }
  return events;
}
