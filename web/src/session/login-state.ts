/** What other screens tell the login screen when they send the player there. */
export type LoginState = { notice?: (typeof notices)[number] };

const notices = ["password-changed", "session-ended"] as const;

/**
 * The router location's state as login state; anything else counts as none. Checked by hand:
 * the guards that send a player to the login are part of the first load, which holds no zod.
 */
export function loginState(state: unknown): LoginState {
  if (typeof state !== "object" || state === null) return {};
  const { notice } = state as Record<keyof LoginState, unknown>;
  if (notice === undefined || !notices.some((known) => known === notice)) return {};
  return { notice: notice as LoginState["notice"] };
}

/** The login state of a guard that sends a signed-out player to the login. */
export function signedOutState(sessionEnded: boolean): LoginState | undefined {
  return sessionEnded ? { notice: "session-ended" } : undefined;
}
