import { z } from "zod";
import { MAX_ID } from "./ids";
import { requestText, secretText } from "./text";

/**
 * A participant's conversation with the game's organisers (docs/operations.md, "The inbox"):
 * a player (any member of a team) writes, a host answers. The app's calls are below
 * `/api/game/organisers`, the console's below `/api/ops/inbox` and
 * `/api/ops/players/{playerId}/organisers`.
 */

/** The longest message either side writes. */
export const ORGANISERS_TEXT_MAX = 1000;
/** The newest messages the app and the console get of one conversation. */
export const ORGANISERS_MESSAGES_LIMIT = 200;

const id = z.number().int().positive().max(MAX_ID);
const count = z.number().int().nonnegative();
const messageText = requestText({ lines: true }).trim().min(1).max(ORGANISERS_TEXT_MAX);

/**
 * The largest photo a player sends with a message, in bytes before base64: the app shrinks a
 * photo to 1600 pixels first (a few hundred kilobytes); the server shrinks what it gets again.
 */
export const ORGANISERS_PHOTO_BYTES = 8 * 1024 * 1024;
const photoData = z
  .string()
  .max(Math.ceil(ORGANISERS_PHOTO_BYTES / 3) * 4, "the photo is larger than 8 MB")
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, "not a photo in base64");

/** A message's photo: signed links (valid for some minutes) to it and to its thumbnail. */
export const organisersPhotoSchema = z.object({ Url: z.string(), Thumb: z.string() });

/** One message as the app shows it. */
export const organisersMessageSchema = z.object({
  ID: id,
  /** `player`: a player of the participant wrote it; `organisers`: a host. */
  From: z.enum(["player", "organisers"]),
  /** A player's message in a team: the member who wrote it. */
  Name: z.string().optional(),
  /** The player of this app wrote it. */
  Mine: z.literal(true).optional(),
  /** "" for a photo on its own. */
  Text: z.string(),
  Photo: organisersPhotoSchema.optional(),
  /** ISO 8601. */
  Timestamp: z.string(),
});
export type OrganisersMessage = z.infer<typeof organisersMessageSchema>;

/** `GET /api/game/organisers?hash=`: the token. */
export const organisersQuery = z.object({ hash: secretText });

/** The conversation, oldest first, and the newest message this player has read (null: none). */
export const organisersConversationSchema = z.object({
  Messages: z.array(organisersMessageSchema),
  Read: id.nullable(),
});
export type OrganisersConversation = z.infer<typeof organisersConversationSchema>;
export const organisersResponse = z.object({ value: organisersConversationSchema });

/**
 * `POST /api/game/organisers`: a message to the organisers, a text, a photo (JPEG, PNG, WebP
 * or HEIC in base64) or both; the answer is the message.
 */
export const organisersSendRequest = z
  .object({ Hash: secretText, Text: messageText.optional(), Photo: photoData.optional() })
  .refine((message) => message.Text !== undefined || message.Photo !== undefined, {
    error: "a message needs a text, a photo or both",
  });
export type OrganisersSendRequest = z.infer<typeof organisersSendRequest>;
export const organisersSendResponse = z.object({ value: organisersMessageSchema });

/** `PUT /api/game/organisers/read`: the newest message the player has read now. */
export const organisersReadRequest = z.object({ Hash: secretText, Read: id });
export const organisersReadResponse = z.object({ value: z.object({ Read: id.nullable() }) });

/** A message of the conversation as the console shows it. */
export const opsInboxMessage = z.object({
  id,
  /** `player`: a player wrote it (`name` the member's name); `host`: an operator did. */
  from: z.enum(["player", "host"]),
  /** The member's name, or the operator's (null when it came with the operator token). */
  name: z.string().nullable(),
  /** "" for a photo on its own. */
  text: z.string(),
  /** Signed links to the message's photo and its thumbnail, valid for some minutes. */
  photo: z.object({ url: z.string(), thumb: z.string() }).optional(),
  /** ISO 8601. */
  at: z.string(),
});
export type OpsInboxMessage = z.infer<typeof opsInboxMessage>;

/** Who a conversation is with: a player, with their team's name when they play in one. */
const opsInboxParticipant = z.object({
  /** A player of the participant: the one who wrote last (for `/ops/players/{id}` links). */
  playerId: id,
  name: z.string(),
  team: z.string().nullable(),
});

/** One conversation in the console's inbox. */
export const opsConversation = z.object({
  participant: opsInboxParticipant,
  /** The newest message (its text cut to 200 characters). */
  last: opsInboxMessage,
  /** The players' messages no host has read yet. */
  unread: count,
  /** `open`: the players wrote last; `answered`: a host did. */
  state: z.enum(["open", "answered"]),
  /** The operator who answered last (null: none, or with the operator token). */
  answeredBy: z.string().nullable(),
});
export type OpsConversation = z.infer<typeof opsConversation>;

/** The inbox's figures: the console's header shows them, its live stream sends them. */
export const opsInboxSummary = z.object({
  /** Players' messages no host has read. */
  unread: count,
  /** Conversations whose last message is a player's. */
  open: count,
  /** The newest message's id (0: none): changes with every message, either side's. */
  newest: count,
});
export type OpsInboxSummary = z.infer<typeof opsInboxSummary>;

/** `GET /api/ops/inbox`: the conversations, open ones first, then the newest. */
export const opsInbox = opsInboxSummary.extend({ conversations: z.array(opsConversation) });
export type OpsInbox = z.infer<typeof opsInbox>;

/** `GET /api/ops/players/{playerId}/organisers`: the conversation of the player's participant. */
export const opsConversationView = z.object({
  participant: opsInboxParticipant,
  /** Oldest first, the newest ORGANISERS_MESSAGES_LIMIT. */
  messages: z.array(opsInboxMessage),
  /** The newest message a host has read (null: none). */
  hostRead: id.nullable(),
});
export type OpsConversationView = z.infer<typeof opsConversationView>;

/** `POST /api/ops/players/{playerId}/organisers`: a host's answer; the answer is the message. */
export const opsInboxReply = z.object({ text: messageText });
export type OpsInboxReply = z.infer<typeof opsInboxReply>;

/** `POST /api/ops/players/{playerId}/organisers/read`: hosts have read up to `upTo`. */
export const opsInboxRead = z.object({ upTo: id });
