import type { Generated } from "kysely";

// What operators and players say to each other outside the story: the operators' news to
// everyone, and a participant's conversation with the organisers (organisers/).

/** A news item an operator sent to every player; withdrawn ones reach no one any more. */
export type NewsTable = {
  id: Generated<number>;
  gameId: number;
  createdAt: string;
  /** The text per language as JSON (`{"de": "...", "en": "..."}`). */
  text: string;
  /** A station the news links to. */
  stationId: number | null;
  /** The operator's name as it was; null for OPERATOR_TOKEN. */
  operator: string | null;
  withdrawnAt: string | null;
  /** 1: pushed to every subscribed device and shown as a banner in the open app. */
  urgent: Generated<number>;
};

/** A message of a participant's conversation with the organisers, either side's. */
export type OrganiserMessagesTable = {
  id: Generated<number>;
  gameId: number;
  stream: string;
  /** The player who wrote it; null for a host's answer. */
  playerId: number | null;
  /** The host's name as it was; null for a player's message and the operator token's. */
  operator: string | null;
  /** "" for a photo on its own. */
  text: string;
  /** 1: a photo came with it (organiser_photos). */
  photo: Generated<number>;
  createdAt: string;
};

/** A message's photo: the kept JPEG and its thumbnail; it goes with its message. */
export type OrganiserPhotosTable = { messageId: number; photo: Uint8Array; thumb: Uint8Array };

/** A conversation as the console's inbox lists it, written with each of its messages. */
export type OrganiserConversationsTable = {
  stream: string;
  gameId: number;
  lastId: number;
  lastAt: string;
  /** 1: a player wrote last. */
  open: number;
  /** The players' messages since a host last read the conversation. */
  unread: number;
  /** The operator who answered last. */
  answeredBy: string | null;
  /** The newest message a host has read. */
  hostRead: number | null;
};

/** The newest message a player has read of the conversation of the stream they play on. */
export type OrganiserReadsTable = { playerId: number; stream: string; readId: number };
