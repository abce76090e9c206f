import { z } from "zod";
import { languages } from "./languages";
import { gameClockSchema } from "./clock";
import { organisersMessageSchema } from "./organisers";

/** Event stream (`GET events`) payloads, spec section 7. Field names keep the spec's spelling. */

const stationId = z.number().int().positive();
/** ISO 8601 time the server created the event; the app shows it as HH:MM. */
const timestamp = z.string();

export const gameStateSchema = z.object({
  Done: z.boolean(),
  Played: z.boolean(),
  /** `shown` and `secret` count as visible; `secret` also hides the station from the station list. */
  Visible: z.union([z.boolean(), z.literal("shown"), z.literal("secret")]).optional(),
  /** A host closed the station for the participant: hidden, and its activation refused. */
  Closed: z.literal(true).optional(),
});
export type GameState = z.infer<typeof gameStateSchema>;

export const stationViews = ["station", "main", "archive", "custom", "email", "story"] as const;
export const stationViewSchema = z.enum(stationViews);
export type StationView = z.infer<typeof stationViewSchema>;

export const stationStyles = ["game-station", "plain"] as const;
export const stationStyleSchema = z.enum(stationStyles);
export type StationStyle = z.infer<typeof stationStyleSchema>;

/**
 * Where a station opens (station.yaml `trigger`): from the list (the default), only through its
 * QR code, only within its radius of the place, or either of the last two.
 */
export const stationTriggers = ["list", "qr", "near", "qr-or-near"] as const;
export const stationTriggerSchema = z.enum(stationTriggers);
export type StationTrigger = z.infer<typeof stationTriggerSchema>;

export const stationStatusSchema = z.object({
  Name: z.string(),
  Live: z.boolean(),
  Latitude: z.number(),
  Longitude: z.number(),
  Points: z.number().int().nonnegative(),
  MaxPoints: z.number().int().nonnegative(),
  /** Metres from the player when the server knows it; null lets the app measure from geolocation. */
  Distance: z.number().nullable(),
  GroupName: z.string(),
  GameState: gameStateSchema.optional(),
  DisplayHint: z.object({ Style: stationStyleSchema, View: stationViewSchema }),
  /** Where the station opens; absent means `list` (any station of the list may start). */
  Trigger: stationTriggerSchema.optional(),
  /** Metres around the place within which a `near` or `qr-or-near` station opens. */
  Radius: z.number().positive().optional(),
});
export type StationStatus = z.infer<typeof stationStatusSchema>;

export const storyStatusSchema = z.object({
  Name: z.string(),
  Done: z.boolean(),
  Live: z.boolean(),
});
export type StoryStatus = z.infer<typeof storyStatusSchema>;

export const playerStatusSchema = z.object({
  ActiveStations: z.array(stationId),
  /** 0 when no station is current. */
  CurrentStation: z.number().int().nonnegative(),
  CurrentStory: z.number().int().nonnegative(),
  TotalPoints: z.number().int().nonnegative(),
  /**
   * The points the game's hosts awarded or took (below 0), already in `TotalPoints`; absent
   * when they gave none.
   */
  Awarded: z.number().int().optional(),
  HasTeam: z.boolean(),
  /** Keyed by station id. */
  Stations: z.record(z.string(), stationStatusSchema),
  /** Keyed by story id. */
  Stories: z.record(z.string(), storyStatusSchema),
  /**
   * Only on the status a stream opens with: the id of the last logged event the stream sends
   * right after it (the client's own last id when there is none). A client that has applied
   * that id has caught up.
   */
  BacklogUntil: z.number().int().nonnegative().optional(),
  /**
   * Only on the status a stream of a team opens with: the key of the member who opened it, as
   * the echoes of the members' answers carry it (`webtext` `Member`); another in another team.
   */
  Member: z.string().optional(),
});
export type PlayerStatus = z.infer<typeof playerStatusSchema>;

export const webtextSchema = z.object({
  StationID: stationId,
  /** `user` for the player's own answers, else the speaking character's name. */
  Originator: z.string(),
  Text: z.string(),
  Timestamp: timestamp,
  /**
   * On the echo (`user`) of an answer or a tap in a team: who gave it, by the member's key (as
   * in `teampositions`, not the account's id) and name. The stream's opening status tells each
   * member their own key.
   */
  Member: z.string().optional(),
  Name: z.string().optional(),
});
export const webcontentSchema = z.object({
  StationID: stationId,
  Originator: z.string(),
  /** Image or media path below `/assets/webapp-data/`, or an external http(s) URL. */
  ContentRef: z.string(),
  /** Share of an audio or video that counts as seen (0..1). */
  SeenRatio: z.number().min(0).max(1).optional(),
  Feature: z.string().optional(),
  Timestamp: timestamp,
});
const recommendation = { RecommendationID: z.string() };

/** A news item an operator sent to every player: its text per language the operator wrote. */
export const newsItemSchema = z.object({
  ID: z.number().int().positive(),
  /** At least one language; the app shows the player's, else German, else English. */
  Text: z.partialRecord(z.enum(languages), z.string()),
  /** A station the news points to (a link on home). */
  StationID: stationId.optional(),
  /** A host marked it urgent: the app shows it over every screen until dismissed. */
  Urgent: z.literal(true).optional(),
  Timestamp: timestamp,
});
export type NewsItem = z.infer<typeof newsItemSchema>;

/** A teammate's shared position (`teampositions`). */
export const teammatePositionSchema = z.object({
  /** Stable for the member while the team lasts; not their account's id. */
  Member: z.string(),
  Name: z.string(),
  Latitude: z.number(),
  Longitude: z.number(),
  Accuracy: z.number().nonnegative().optional(),
  /** Seconds since the member's device sent it. */
  Age: z.number().nonnegative(),
});
export type TeammatePosition = z.infer<typeof teammatePositionSchema>;

export const serverEventSchemas = {
  playerstatus: playerStatusSchema,
  webtext: webtextSchema,
  webcontent: webcontentSchema,
  "webtext-recommendation": webtextSchema.extend(recommendation),
  "webcontent-recommendation": webcontentSchema.extend(recommendation),
  webbutton: z.object({
    StationID: stationId,
    /** Sent back as `Button` by `button/activate`. */
    Target: z.string(),
    Text: z.string(),
    /** The button asks for the riddle's next hint, which costs `Cost` of the station's points. */
    Hint: z.object({ Cost: z.number().int().nonnegative() }).optional(),
  }),
  "answer-expected": z.object({
    StationID: stationId,
    /**
     * The station asks another question than before (not the same one again after a wrong
     * answer): the app forgets the last answer it sent, which it does not send twice in a row.
     */
    NewQuestion: z.literal(true).optional(),
  }),
  "buttoninput-expected": z.object({ StationID: stationId }),
  /**
   * The station waits for a mission's photo, video or voice recording (docs/content-authoring.md,
   * "Missions"): `MaxSeconds` is the longest recording; `Judged`, whether a host judges it
   * (else it is approved as it arrives).
   */
  "mission-expected": z.object({
    StationID: stationId,
    Kind: z.enum(["photo", "video", "voice"]),
    MaxSeconds: z.number().int().positive().optional(),
    Judged: z.boolean(),
  }),
  /**
   * A submission for a mission, in the thread where it was asked: as it arrives (`waiting` for
   * a host, or `approved` at once), and once more with the host's verdict. In a team it names
   * the member who sent it. Its file comes from `GET /api/game/submissions`.
   */
  submission: z.object({
    StationID: stationId,
    ID: z.number().int().positive(),
    Kind: z.enum(["photo", "video", "voice"]),
    State: z.enum(["waiting", "approved", "rejected"]),
    Member: z.string().optional(),
    Name: z.string().optional(),
    Timestamp: timestamp,
  }),
  /**
   * The station's buttons start afresh: the app forgets those it shows; the group's buttons and
   * its `buttoninput-expected` follow. Without them (after a host's hint or verdict) the station
   * waits for no tap.
   */
  "buttongroup-start": z.object({ StationID: stationId, GroupName: z.string().optional() }),
  /**
   * The station's wait ends without the player's input (a host continued the dialogue at
   * another knot): the app forgets the answer, taps and mission it asked for; what the station
   * waits for next follows.
   */
  "wait-ended": z.object({ StationID: stationId }),
  /**
   * More of the station's messages are due later (a script's `#delay:`): sent after a step's
   * messages when some of them wait, and after each delivered group of them but the last.
   * `Originator` writes the next one; the station's next message from a character ends it.
   */
  "messages-pending": z.object({ StationID: stationId, Originator: z.string() }),
  error: z.object({ Text: z.string() }),
  /**
   * The operators' news (newest first), sent without an id: after the opening status of a
   * stream, and to every open stream when an operator sends or withdraws one. Without `Keep`,
   * `News` is the whole list. With it, the event is a change: the list is `News` and, of the
   * items the app holds, those whose ids `Keep` names (a stream opened with `newsafter` gets
   * only the items newer than that; a change only the items new to the list).
   */
  news: z.object({
    News: z.array(newsItemSchema),
    Keep: z.array(z.number().int().positive()).optional(),
  }),
  /**
   * The positions the other members of the player's team share now, sent without an id: after
   * the opening status when any is shared, and whenever one changes, stops or expires.
   */
  teampositions: z.object({ Members: z.array(teammatePositionSchema) }),
  /**
   * New messages of the participant's conversation with the organisers (either side's), sent
   * without an id to its open streams; the app reads the conversation itself when it opens.
   */
  organisers: z.object({ Messages: z.array(organisersMessageSchema) }),
  /** The game's start and end (clock.ts), without an id. */
  gameclock: gameClockSchema,
} as const;

/** Every stream event type with its payload: the one typed map for real-time events. */
export type ServerEventMap = {
  [K in keyof typeof serverEventSchemas]: z.infer<(typeof serverEventSchemas)[K]>;
};
export type ServerEventType = keyof ServerEventMap;
export const serverEventTypes = Object.keys(serverEventSchemas) as ServerEventType[];

/** A typed event as it travels: `id` is the stream's event id (null for unlogged events). */
export type ServerEvent = {
  [K in ServerEventType]: { id: number | null; type: K; data: ServerEventMap[K] };
}[ServerEventType];

/** Message events that end up in a station's thread. */
export type MessageEventType =
  "webtext" | "webcontent" | "webtext-recommendation" | "webcontent-recommendation";

export function isServerEventType(type: string): type is ServerEventType {
  return Object.hasOwn(serverEventSchemas, type);
}

/** Parses one stream event's type and JSON data; throws a ZodError or SyntaxError on bad input. */
export function parseServerEvent(id: number | null, type: string, json: string): ServerEvent {
  if (!isServerEventType(type)) throw new Error(`unknown event type ${type}`);
  const data: unknown = JSON.parse(json);
  return { id, type, data: serverEventSchemas[type].parse(data) } as ServerEvent;
}
