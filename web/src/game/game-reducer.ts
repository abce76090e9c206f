// Over 300 lines: the one reducer of the game state; its cases belong together.
import { stationViews } from "@wegmarke/protocol";
import { receiveSubmission } from "./submission-messages";
import type { PlayerStatus, ServerEvent, ServerEventMap, StationView } from "@wegmarke/protocol";
import { lastAnswerAfterSend } from "./answer";
import { buttonEvent, clearSent, expectAnswer, inputConsumed } from "./expectations";
import { initialPlayState, stationLocal } from "./play-state";
import type { PlayState, Message, QueuedInput, QueuedMessage, StationLocal } from "./play-state";
import type { Timing } from "./play-state";
import { dropQueued, dropStationQueue, queueInput } from "./outbox";
import { receivedNews } from "./news";
import { receivedClock } from "./game-clock";
import { without } from "./records";
import { applyReadMarks } from "./read-marks";
import type { ReadMarks } from "./read-marks";
import { markSeen } from "./seen";
import type { SeenMark } from "./seen";
import { displayedStations, isSecret, stationStyle } from "./station-flags";

/** Spec 9: a repeated answer-expected counts as answer-rejected after 10 ms. */
const answerRejectedDelayMs = 10;
/** Messages older than this when they arrive (a device replaying history) are not typed again. */
const recentMessageMs = 10_000;

export type GameAction =
  | { type: "server-event"; event: ServerEvent; receivedAt: number }
  /** Delivers queued messages and pending rejections that are due at `now`. */
  | { type: "tick"; now: number }
  | { type: "station-viewed"; stationId: number }
  | { type: "station-list-seen"; view: StationView }
  /** `sentAfterEventId`: the last event id known when the call was made. */
  | { type: "answer-sent"; stationId: number; answer: string; sentAfterEventId: number | null }
  | { type: "button-sent"; stationId: number; sentAfterEventId: number | null }
  /** The server expects no such input (409): what the app offered of it was stale. */
  | {
      type: "send-refused";
      stationId: number;
      input: "answer" | "buttons";
      sentAfterEventId: number | null;
    }
  | { type: "station-cancelled"; stationId: number }
  /** An answer or tap made without a connection waits in the outbox; it leaves it when settled. */
  | { type: "input-queued"; entry: QueuedInput }
  | { type: "queued-dropped"; key: string }
  /** Forget everything: the stream starts again from its beginning (a team was joined). */
  | { type: "start-over" }
  /** The player has seen news, a story or the points page. */
  | { type: "seen"; mark: SeenMark }
  /** The player turned sharing the position with the team on or off. */
  | { type: "share-position"; share: boolean }
  /** Another tab of the app read messages or saw news, stories or points. */
  | { type: "read-elsewhere"; marks: ReadMarks };

export function gameReducer(state: PlayState, action: GameAction): PlayState {
  switch (action.type) {
    case "server-event":
      return applyServerEvent(state, action.event, action.receivedAt);
    case "tick":
      return deliverDue(state, action.now);
    case "station-viewed":
      return markRead(state, action.stationId);
    case "station-list-seen":
      if (!state.unseenViews.includes(action.view)) return state;
      return { ...state, unseenViews: state.unseenViews.filter((view) => view !== action.view) };
    case "answer-sent":
      return clearExpectations(state, action.stationId, action.sentAfterEventId, action.answer);
    case "button-sent":
      return clearExpectations(state, action.stationId, action.sentAfterEventId, null);
    case "send-refused":
      return clearExpectations(
        state,
        action.stationId,
        action.sentAfterEventId,
        null,
        action.input,
      );
    case "station-cancelled":
      return forgetStation(state, action.stationId);
    case "input-queued":
      return queueInput(state, action.entry);
    case "queued-dropped":
      return dropQueued(state, action.key);
    case "start-over":
      return { ...initialPlayState(state.timing), clock: state.clock };
    case "seen": {
      const seen = markSeen(state.seen, action.mark);
      return seen === state.seen ? state : { ...state, seen };
    }
    case "share-position":
      return state.sharePosition === action.share
        ? state
        : { ...state, sharePosition: action.share };
    case "read-elsewhere":
      return applyReadMarks(state, action.marks);
  }
}

/** The earliest time at which a `tick` changes something; null when nothing waits. */
export function nextDueAt(state: PlayState): number | null {
  const times = [
    ...Object.values(state.stations).map((station) => station.typingDueAt),
    ...Object.values(state.rejectionsDueAt),
  ].filter((time): time is number => time !== null);
  return times.length === 0 ? null : Math.min(...times);
}

/** Typing delay: time per character times the text length, capped; recommendations take the cap. */
export function typingDelay(message: Message, timing: Timing): number {
  if (message.recommendationId !== undefined) return timing.unreadMessageDelayMs;
  return Math.min(
    timing.timePerCharacterInMs * message.content.length,
    timing.unreadMessageDelayMs,
  );
}

function updateStation(
  state: PlayState,
  stationId: number,
  update: (station: StationLocal) => StationLocal,
): PlayState {
  return {
    ...state,
    stations: { ...state.stations, [stationId]: update(stationLocal(state, stationId)) },
  };
}

function applyServerEvent(state: PlayState, event: ServerEvent, receivedAt: number): PlayState {
  if (event.id !== null && state.lastEventId !== null && event.id <= state.lastEventId) {
    return state;
  }
  const next: PlayState = {
    ...state,
    lastEventId: event.id ?? state.lastEventId,
    // Only a run of answer-expected events counts; any other event of the player's game resets
    // the count (the operators' news and the game's clock are not part of it).
    answerExpectedCounts:
      event.type === "answer-expected" || event.type === "news" ? state.answerExpectedCounts : {},
  };
  switch (event.type) {
    case "playerstatus":
      return applyStatus(next, event.data);
    case "webtext":
    case "webtext-recommendation":
    case "webcontent":
    case "webcontent-recommendation":
      return receiveMessage(next, event, receivedAt);
    case "answer-expected":
      return answerExpected(next, event.data, event.id, receivedAt);
    case "buttoninput-expected":
      return updateStation(next, event.data.StationID, (station) =>
        buttonEvent(station, event.id, { expectingButton: true }),
      );
    case "mission-expected": {
      const { Kind: kind, MaxSeconds: maxSeconds, Judged: judged } = event.data;
      const mission = { kind, judged, ...(maxSeconds === undefined ? {} : { maxSeconds }) };
      return updateStation(next, event.data.StationID, (station) => ({
        ...station,
        expectingMission: mission,
      }));
    }
    case "messages-pending":
      return updateStation(next, event.data.StationID, (station) => ({
        ...station,
        pendingFrom: event.data.Originator,
      }));
    case "buttongroup-start":
      // A group starts afresh: its buttons and its wait follow (none, after a host's step).
      return updateStation(next, event.data.StationID, (station) =>
        buttonEvent(station, event.id, { buttons: [], expectingButton: false }),
      );
    case "wait-ended":
      return updateStation(next, event.data.StationID, inputConsumed);
    case "webbutton": {
      const { Target: target, Text: text, Hint: hint } = event.data;
      return updateStation(next, event.data.StationID, (station) =>
        buttonEvent(station, event.id, {
          buttons: [
            ...station.buttons.filter((button) => button.target !== target),
            { target, text, ...(hint && { hint: { cost: hint.Cost } }) },
          ],
        }),
      );
    }
    case "news":
      return {
        ...next,
        operatorNews: receivedNews(state.operatorNews, event.data.News, event.data.Keep),
      };
    case "gameclock":
      return { ...state, clock: receivedClock(event.data, receivedAt) };
    case "teampositions":
    case "organisers":
      // Kept apart from the stored game (session/teammates.ts, session/organisers.tsx).
      return state;
    case "error":
      return next;
    case "submission": {
      const id = event.id ?? next.nextLocalId;
      const withId = event.id === null ? { ...next, nextLocalId: next.nextLocalId - 1 } : next;
      return updateStation(withId, event.data.StationID, (station) =>
        receiveSubmission(station, event.data, id, state.member),
      );
    }
  }
}

function answerExpected(
  state: PlayState,
  { StationID: stationId, NewQuestion: newQuestion }: ServerEventMap["answer-expected"],
  eventId: number | null,
  receivedAt: number,
): PlayState {
  const count = (state.answerExpectedCounts[stationId] ?? 0) + 1;
  const expecting = updateStation(state, stationId, (station) =>
    expectAnswer(station, eventId, newQuestion),
  );
  return {
    ...expecting,
    answerExpectedCounts: { ...state.answerExpectedCounts, [stationId]: count },
    rejectionsDueAt:
      count > 1
        ? { ...state.rejectionsDueAt, [stationId]: receivedAt + answerRejectedDelayMs }
        : state.rejectionsDueAt,
  };
}

function applyStatus(state: PlayState, status: PlayerStatus): PlayState {
  const current = status.CurrentStation >= 1 ? status.CurrentStation : null;
  let { stations, lastActiveStation } = state;
  if (current !== state.currentStation) {
    if (lastActiveStation === null && state.currentStation !== null) {
      stations = without(stations, state.currentStation);
    }
    // The station that was current last stays "last active" while none is current, so that its
    // closing messages are still typed with the writing indicator.
    if (current !== null) lastActiveStation = current;
  }
  const newViews = state.status === null ? [] : viewsWithNewStations(state.status, status);
  return {
    ...state,
    status,
    currentStation: current,
    lastActiveStation,
    stations,
    unseenViews: [...state.unseenViews, ...newViews.filter((v) => !state.unseenViews.includes(v))],
    // A stream opens with this status (the operators' news follow it, as a change of the list
    // the app holds; so does the clock, when the game has one: none, when it has none now).
    ...(status.BacklogUntil !== undefined && { member: status.Member ?? null, clock: null }),
  };
}

function viewsWithNewStations(before: PlayerStatus, after: PlayerStatus): StationView[] {
  const listed = (status: PlayerStatus, view: StationView) =>
    displayedStations(status, view)
      .filter(({ station }) => !isSecret(station))
      .map(({ id }) => id);
  return stationViews.filter((view) => {
    const known = new Set(listed(before, view));
    return listed(after, view).some((id) => !known.has(id));
  });
}

type MessageServerEvent = Extract<
  ServerEvent,
  { type: "webtext" | "webtext-recommendation" | "webcontent" | "webcontent-recommendation" }
>;

function toMessage(event: MessageServerEvent, id: number, member: string | null): Message {
  const base = {
    id,
    stationId: event.data.StationID,
    originator: event.data.Originator,
    type: event.type,
    timestamp: event.data.Timestamp,
    unread: false,
    ...teammateOf(event, member),
  };
  const recommendation =
    "RecommendationID" in event.data ? { recommendationId: event.data.RecommendationID } : {};
  if ("Text" in event.data) return { ...base, ...recommendation, content: event.data.Text };
  const content: ServerEventMap["webcontent"] = event.data;
  return {
    ...base,
    ...recommendation,
    content: content.ContentRef,
    ...(content.SeenRatio === undefined ? {} : { seenRatio: content.SeenRatio }),
    ...(content.Feature === undefined ? {} : { feature: content.Feature }),
  };
}

/**
 * The echo of another member's answer names them ("" for one who left the team, whose name the
 * log no longer holds); the own echoes and the characters' do not.
 */
function teammateOf(event: MessageServerEvent, member: string | null): { author?: string } {
  if (event.type !== "webtext" || event.data.Originator !== "user") return {};
  const { Member, Name } = event.data;
  return Member === undefined || Member === member ? {} : { author: Name ?? "" };
}

function isOld(timestamp: string, receivedAt: number): boolean {
  const sentAt = Date.parse(timestamp);
  return !Number.isNaN(sentAt) && receivedAt - sentAt > recentMessageMs;
}

function receiveMessage(
  state: PlayState,
  event: MessageServerEvent,
  receivedAt: number,
): PlayState {
  const id = event.id ?? state.nextLocalId;
  const withId = event.id === null ? { ...state, nextLocalId: state.nextLocalId - 1 } : state;
  const message = toMessage(event, id, state.member);
  const echo = message.originator === "user";
  const own = echo && message.author === undefined;
  const old = isOld(message.timestamp, receivedAt);
  const typed = stationStyle(state.status, message.stationId) === "game-station";
  const unread = !own && !old;
  // An echo says the station took an answer or a tap: what it expected before is used up.
  const consumed = echo
    ? {
        ...withId,
        rejectionsDueAt: without(withId.rejectionsDueAt, message.stationId),
      }
    : withId;

  return updateStation(consumed, message.stationId, (local) => {
    // A character's message is the one the station held back, if it held back any.
    const station = echo ? inputConsumed(local) : { ...local, pendingFrom: null };
    if (!typed || ((echo || old) && station.queue.length === 0)) {
      return { ...station, messages: [...station.messages, { ...message, unread }] };
    }
    // Behind messages still being typed, echoes and old ones keep their place but skip the
    // typing.
    const queued: QueuedMessage =
      echo || old
        ? { message: { ...message, unread }, delayMs: 0 }
        : { message: { ...message, unread: true }, delayMs: typingDelay(message, state.timing) };
    return {
      ...station,
      queue: [...station.queue, queued],
      typingDueAt: station.queue.length === 0 ? receivedAt + queued.delayMs : station.typingDueAt,
    };
  });
}

function deliverDue(state: PlayState, now: number): PlayState {
  let stations = state.stations;
  for (const [key, station] of Object.entries(state.stations)) {
    if (station.typingDueAt === null || station.typingDueAt > now) continue;
    const messages = [...station.messages];
    let queue = station.queue;
    let dueAt: number | null = station.typingDueAt;
    while (dueAt !== null && dueAt <= now && queue[0] !== undefined) {
      messages.push(queue[0].message);
      queue = queue.slice(1);
      dueAt = queue[0] === undefined ? null : now + queue[0].delayMs;
    }
    stations = { ...stations, [key]: { ...station, messages, queue, typingDueAt: dueAt } };
  }
  let next: PlayState = stations === state.stations ? state : { ...state, stations };
  for (const [key, dueAt] of Object.entries(state.rejectionsDueAt)) {
    if (dueAt > now) continue;
    const stationId = Number(key);
    next = updateStation(next, stationId, (station) => ({ ...station, answerRejected: true }));
    next = { ...next, rejectionsDueAt: without(next.rejectionsDueAt, stationId) };
  }
  return next;
}

function markRead(state: PlayState, stationId: number): PlayState {
  const station = state.stations[stationId];
  if (station === undefined || !station.messages.some((message) => message.unread)) return state;
  return updateStation(state, stationId, (local) => ({
    ...local,
    messages: local.messages.map((message) =>
      message.unread ? { ...message, unread: false } : message,
    ),
  }));
}

function clearExpectations(
  state: PlayState,
  stationId: number,
  sentAfterEventId: number | null,
  answer: string | null,
  only?: "answer" | "buttons",
): PlayState {
  const local = stationLocal(state, stationId);
  const { station, answerCleared } = clearSent(local, sentAfterEventId, only);
  const next = updateStation(state, stationId, () => ({
    ...station,
    lastAnswer:
      answer === null ? local.lastAnswer : lastAnswerAfterSend(local, answer, sentAfterEventId),
  }));
  return answerCleared
    ? { ...next, rejectionsDueAt: without(next.rejectionsDueAt, stationId) }
    : next;
}

function forgetStation(state: PlayState, stationId: number): PlayState {
  return {
    ...dropStationQueue(state, stationId),
    stations: without(state.stations, stationId),
    rejectionsDueAt: without(state.rejectionsDueAt, stationId),
    answerExpectedCounts: without(state.answerExpectedCounts, stationId),
    lastActiveStation: state.lastActiveStation === stationId ? null : state.lastActiveStation,
  };
}

/** Reopening the app: messages that were still queued are typed again from now. */
export function resumePlayState(state: PlayState, timing: Timing, now: number): PlayState {
  const stations: Record<string, StationLocal> = {};
  for (const [key, station] of Object.entries(state.stations)) {
    const head = station.queue[0];
    stations[key] = { ...station, typingDueAt: head === undefined ? null : now + head.delayMs };
  }
  return { ...state, timing, stations };
}
