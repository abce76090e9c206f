import { z } from "zod";

/** What other screens tell the login screen when they send the player there. */
const loginStateSchema = z.object({
  notice: z.enum(["registered", "password-changed"]).optional(),
  /** Prefills the phone field (after registration). */
  phone: z.string().optional(),
});
export type LoginState = z.infer<typeof loginStateSchema>;

/** The router location's state as login state; anything else counts as none. */
export function loginState(state: unknown): LoginState {
  const parsed = loginStateSchema.safeParse(state);
  return parsed.success ? parsed.data : {};
}
