import { z } from "zod";
import { newsItemSchema, playerStatusSchema, stationViewSchema } from "@wegmarke/protocol";
import type { MessageEventType, WebAppConfig } from "@wegmarke/protocol";
import { nothingSeen, seenSchema } from "./seen";
import { clockStateSchema } from "./game-clock";

const messageTypes = [
  "webtext",
  "webcontent",
  "webtext-recommendation",
  "webcontent-recommendation",
] as const satisfies readonly MessageEventType[];

/** What the player (or a teammate) sent for a mission, as the thread shows it. */
const sentSubmissionSchema = z.object({
  /** The submission's id on the server (its file comes by that). */
  id: z.number(),
  kind: z.enum(["photo", "video", "voice"]),
  state: z.enum(["waiting", "approved", "rejected"]),
});
export type SentSubmission = z.infer<typeof sentSubmissionSchema>;

/** One chat message of a station's thread. */
const messageSchema = z.object({
  /** The stream event id; negative for the rare message event that came without one. */
  id: z.number(),
  stationId: z.number(),
  /** `user` for the player's own answers, else the character's name. */
  originator: z.string(),
  /** A message's event type, or `submission`: a mission's photo, video or recording. */
  type: z.enum([...messageTypes, "submission"]),
  submission: sentSubmissionSchema.optional(),
  /** The text, or the content reference of a content message. */
  content: z.string(),
  seenRatio: z.number().optional(),
  feature: z.string().optional(),
  recommendationId: z.string().optional(),
  /**
   * A teammate's answer or tap (`user`, but another member's): the teammate's name; "" for a
   * member who has left the team since.
   */
  author: z.string().optional(),
  timestamp: z.string(),
  unread: z.boolean(),
});
export type Message = z.infer<typeof messageSchema>;

/** A message waiting for its typing animation (game-station style). */
const queuedMessageSchema = z.object({ message: messageSchema, delayMs: z.number() });
export type QueuedMessage = z.infer<typeof queuedMessageSchema>;

/** `hint`: the button asks for the riddle's next hint, which costs `cost` of the station's points. */
const buttonSchema = z.object({
  target: z.string(),
  text: z.string(),
  hint: z.object({ cost: z.number() }).optional(),
});
export type AnswerButton = z.infer<typeof buttonSchema>;

/**
 * An answer typed or a button tapped while the phone had no connection: it waits in the game's
 * outbox and goes once the stream is back and caught up (game/outbox.ts).
 */
const queuedInputSchema = z.object({
  key: z.string(),
  stationId: z.number(),
  input: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("answer"), text: z.string() }),
    /** `text`: the button's label, as the thread shows it. */
    z.object({ kind: z.literal("button"), target: z.string(), text: z.string() }),
  ]),
  /** The id of the event that set what it answers (`answerEventId` or `buttonEventId`). */
  expectationId: z.number().nullable(),
  /** When a send of it reached nobody: its reply may be what got lost (ms since the epoch). */
  attemptedAt: z.number().optional(),
});
export type QueuedInput = z.infer<typeof queuedInputSchema>;

/** Everything the app keeps locally about one station; deleted as a whole on cancel. */
const stationLocalSchema = z.object({
  messages: z.array(messageSchema),
  queue: z.array(queuedMessageSchema),
  /** When the queue's first message is delivered; null while the queue is empty. */
  typingDueAt: z.number().nullable(),
  expectingAnswer: z.boolean(),
  answerRejected: z.boolean(),
  expectingButton: z.boolean(),
  /**
   * Id of the event that set the answer expectation (or the rejection), and of the last one of
   * the buttons: the clearing after a send takes only what was set before the send was made.
   */
  answerEventId: z.number().nullable(),
  buttonEventId: z.number().nullable(),
  buttons: z.array(buttonSchema),
  /**
   * The mission the station waits for (`mission-expected`): a photo, video or voice recording,
   * its longest length, and whether a host judges it; null while none. Absent in games kept
   * before missions existed.
   */
  expectingMission: z
    .object({
      kind: z.enum(["photo", "video", "voice"]),
      maxSeconds: z.number().optional(),
      judged: z.boolean(),
    })
    .nullable()
    .default(null),
  /** The last answer sent to the question asked now, to ignore an immediate duplicate. */
  lastAnswer: z.string().nullable(),
  /**
   * Id of the answer-expected that asked a new question (`NewQuestion`): it forgot the last
   * answer, and an answer sent before it is an earlier question's. Absent in games kept before.
   */
  questionEventId: z.number().nullable().default(null),
  /**
   * Who writes again (`messages-pending`): the server holds messages of the station back until
   * their time; null once the next one came. Absent in games kept before it existed.
   */
  pendingFrom: z.string().nullable().default(null),
});
export type StationLocal = z.infer<typeof stationLocalSchema>;

const timingSchema = z.object({
  timePerCharacterInMs: z.number(),
  unreadMessageDelayMs: z.number(),
});
export type Timing = z.infer<typeof timingSchema>;

/**
 * The whole client state of one player's game: the server's status and what the app keeps
 * about each station (protocol's `GameState` is a station's flags, a different thing).
 */
export const playStateSchema = z.object({
  /** 2 since each expectation keeps its own event id; `upgradeStored` reads version 1. */
  version: z.literal(2),
  /** Highest stream event id applied; events at or below it are ignored. */
  lastEventId: z.number().nullable(),
  status: playerStatusSchema.nullable(),
  currentStation: z.number().nullable(),
  lastActiveStation: z.number().nullable(),
  /** Keyed by station id. */
  stations: z.record(z.string(), stationLocalSchema),
  /** answer-expected events in a row per station id; any other event type resets them. */
  answerExpectedCounts: z.record(z.string(), z.number()),
  /** Station id -> time at which a repeated answer-expected counts as answer-rejected. */
  rejectionsDueAt: z.record(z.string(), z.number()),
  /** Views where new stations appeared since the list was last seen (the "!" marker). */
  unseenViews: z.array(stationViewSchema),
  /** Source of the next id for a message event that came without one. */
  nextLocalId: z.number(),
  /** What the player has seen (news, stories, points); absent in caches written before it. */
  seen: seenSchema.default(nothingSeen),
  /** The operators' news as the stream sent them last, newest first. */
  operatorNews: z.array(newsItemSchema).default([]),
  /** The player shares this device's position with the team (chosen on the map; off at first). */
  sharePosition: z.boolean().default(false),
  /** The own member key in a team (the stream's opening status says it), else null. */
  member: z.string().nullable().default(null),
  /** Answers and taps that wait for the network, in the order they were made. */
  outbox: z.array(queuedInputSchema).default([]),
  /** The game's start and end (`gameclock`); null for a game without them, and in older caches. */
  clock: clockStateSchema.nullable().default(null),
  timing: timingSchema,
});
export type PlayState = z.infer<typeof playStateSchema>;

/**
 * A stored game state in its current shape: version 1 kept one event id for both
 * expectations (`expectationEventId`); it counts for each now. Anything else is left as it is
 * for the schema to judge.
 */
export function upgradeStored(value: unknown): unknown {
  if (!isRecord(value) || value.version !== 1 || !isRecord(value.stations)) return value;
  const stations = Object.fromEntries(
    Object.entries(value.stations).map(([id, station]) => {
      if (!isRecord(station)) return [id, station];
      const { expectationEventId, ...rest } = station;
      const eventId = expectationEventId ?? null;
      return [id, { ...rest, answerEventId: eventId, buttonEventId: eventId }];
    }),
  );
  return { ...value, version: 2, stations };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function timingOf(config: WebAppConfig): Timing {
  return {
    timePerCharacterInMs: config.timePerCharacterInMs,
    unreadMessageDelayMs: config.unreadMessageDelayMs,
  };
}

export function initialPlayState(timing: Timing): PlayState {
  return {
    version: 2,
    lastEventId: null,
    status: null,
    currentStation: null,
    lastActiveStation: null,
    stations: {},
    answerExpectedCounts: {},
    rejectionsDueAt: {},
    unseenViews: [],
    nextLocalId: -1,
    seen: nothingSeen,
    operatorNews: [],
    sharePosition: false,
    member: null,
    outbox: [],
    clock: null,
    timing,
  };
}

const emptyStation: StationLocal = {
  messages: [],
  queue: [],
  typingDueAt: null,
  expectingAnswer: false,
  answerRejected: false,
  expectingButton: false,
  answerEventId: null,
  buttonEventId: null,
  buttons: [],
  expectingMission: null,
  lastAnswer: null,
  questionEventId: null,
  pendingFrom: null,
};

export function stationLocal(state: PlayState, stationId: number): StationLocal {
  return state.stations[stationId] ?? emptyStation;
}
