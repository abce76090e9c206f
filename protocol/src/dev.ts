import { z } from "zod";

/** Development-only calls; they exist only when the server runs with `SMS_PROVIDER=outbox`. */

/** `GET /api/dev/outbox`: every SMS the server "sent", oldest first. */
export const outboxMessageSchema = z.object({
  to: z.string(),
  text: z.string(),
  /** ISO 8601. */
  sentAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
export const outboxResponse = z.array(outboxMessageSchema);
