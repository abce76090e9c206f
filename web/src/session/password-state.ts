import { z } from "zod";

/**
 * What the registration and the login hand the password screen when the player's password is
 * still the SMS code: the code as the current password, and where to go on. Router state
 * only (memory and the history entry), never storage or the URL.
 */
const passwordStateSchema = z.object({
  code: z.string().min(1),
  /** A router path (after `loginTarget`). */
  next: z.string(),
});
export type PasswordState = z.infer<typeof passwordStateSchema>;

/** The router location's state as password state; null for anything else. */
export function passwordState(state: unknown): PasswordState | null {
  const parsed = passwordStateSchema.safeParse(state);
  return parsed.success ? parsed.data : null;
}
