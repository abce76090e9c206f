import { z } from "zod";

/** Calls of the web-app (game) base (spec section 7), mounted at `/api/game/`. */

const hash = z.string().trim().min(1);
/** Station and story ids are positive integers; clients may send them as numeric strings. */
export const stationIdSchema = z.coerce.number().int().positive();

export const stationRequest = z.object({ StationID: stationIdSchema, Hash: hash });
export type StationRequest = z.infer<typeof stationRequest>;

export const outroRequest = z.object({ Skip: z.coerce.boolean(), Hash: hash });
export type OutroRequest = z.infer<typeof outroRequest>;

export const answerRequest = z.object({
  StationID: stationIdSchema,
  Answer: z.string().trim().min(1).max(500),
  Hash: hash,
});
export type AnswerRequest = z.infer<typeof answerRequest>;

export const buttonRequest = z.object({
  StationID: stationIdSchema,
  /** The `Target` of the chosen `webbutton` event. */
  Button: z.string().trim().min(1).max(200),
  Hash: hash,
});
export type ButtonRequest = z.infer<typeof buttonRequest>;

export const mediumProgressRequest = z.object({
  StationID: stationIdSchema,
  Hash: hash,
  ContentRef: z.string().min(1),
  ProgressRatio: z.coerce.number().min(0).max(1),
});
export type MediumProgressRequest = z.infer<typeof mediumProgressRequest>;

export const teamInviteRequest = z.object({ Hash: hash });
export type TeamInviteRequest = z.infer<typeof teamInviteRequest>;
/** The invitation code to type or to put in a link (`tjr`): 8 characters, case-insensitive. */
export const teamInviteResponse = z.object({ value: z.string().min(1) });
export const teamJoinQuery = z.object({ hash, tjr: z.string().trim().min(1).max(100) });
export type TeamJoinQuery = z.infer<typeof teamJoinQuery>;

/** Game calls answer `{ value: "ok" }` on success. */
export const okResponse = z.object({ value: z.literal("ok") });
export type OkResponse = z.infer<typeof okResponse>;

/** `GET events` query: the token, and optionally the last event id seen. */
export const eventsQuery = z.object({
  hash,
  lasteventid: z.string().optional(),
});
export type EventsQuery = z.infer<typeof eventsQuery>;

/** A last event id is a non-negative integer; anything else is answered 406. */
export const lastEventIdSchema = z
  .string()
  .regex(/^\d{1,15}$/)
  .transform(Number);
