import { z } from "zod";

/** What other screens tell the login screen when they send the player there. */
const loginStateSchema = z.object({
  notice: z.enum(["registered", "password-changed", "session-ended"]).optional(),
  /** Prefills the phone field (after registration). */
  phone: z.string().optional(),
});
export type LoginState = z.infer<typeof loginStateSchema>;

/** The router location's state as login state; anything else counts as none. */
export function loginState(state: unknown): LoginState {
  const parsed = loginStateSchema.safeParse(state);
  return parsed.success ? parsed.data : {};
}

/** The login state of a guard that sends a signed-out player to the login. */
export function signedOutState(sessionEnded: boolean): LoginState | undefined {
  return sessionEnded ? { notice: "session-ended" } : undefined;
}
