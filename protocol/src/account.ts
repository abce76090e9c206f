import { z } from "zod";
import { requestText, secretText } from "./text";

/** Calls of the user-account base (spec section 7), mounted at `/api/account/`. */

const trimmed = requestText().trim();
const required = trimmed.min(1);

/** Success bodies are `{ value: ... }` where the spec says "returns value". */
export const valueResponse = <T extends z.ZodType>(value: T) => z.object({ value });

/** apiVersion 2 token: realm and id. */
export const optinTokenSchema = z.object({ realm: requestText(), id: requestText() });
export type OptinToken = z.infer<typeof optinTokenSchema>;

export const optinAnonRequest = z.object({
  story_id: required,
  /** Language of the player's dialogues; the pack's default language when absent. */
  language: requestText().optional(),
  /** apiVersion 2 sends the realm/id token it obtained from `GET player/optin/token`. */
  token: optinTokenSchema.optional(),
});
export type OptinAnonRequest = z.infer<typeof optinAnonRequest>;
export const optinAnonResponse = valueResponse(z.string().min(1));

export const optinTokenResponse = valueResponse(z.object({ token: optinTokenSchema }));

/** A password as the player chooses it (spec section 9: at least 6 characters). */
export const passwordSchema = trimmed.min(6).max(200);

export const optinSmsRequest = z.object({
  // Shown to other players on the scoreboard.
  first_name: required.max(100),
  phone: required,
  story_id: required,
  language: requestText().optional(),
});
export type OptinSmsRequest = z.infer<typeof optinSmsRequest>;
export const optinSmsResponse = valueResponse(z.string());

export const optinSmsVerifyRequest = z.object({ phone: required, smscode: required });
/**
 * An anonymous player keeps their game with a phone number (`player/upgrade/sms`): the
 * registration's fields and the player's auth token; the code then goes to
 * `player/upgrade/sms/verify`, and the player row, with its game and team, stays the same.
 */
export const upgradeSmsRequest = z.object({
  Hash: secretText,
  first_name: required.max(100),
  phone: required,
  language: requestText().optional(),
});
export type UpgradeSmsRequest = z.infer<typeof upgradeSmsRequest>;
export const upgradeVerifyRequest = z.object({
  Hash: secretText,
  phone: required,
  smscode: required,
});
export type UpgradeVerifyRequest = z.infer<typeof upgradeVerifyRequest>;

/** `player/account`: what kind of account the auth token's player has. */
export const accountRequest = z.object({ Hash: secretText });
export type AccountRequest = z.infer<typeof accountRequest>;
export const accountResponse = valueResponse(
  z.object({
    /** Registered with a phone number; false for an anonymous player. */
    Registered: z.boolean(),
  }),
);
export type AccountResponse = z.infer<typeof accountResponse>;
export type OptinSmsVerifyRequest = z.infer<typeof optinSmsVerifyRequest>;
export const tokenResponse = valueResponse(z.string().min(1));

/** Any stored password, including the first one (the SMS code), so no minimum beyond one. */
export const loginPhoneRequest = z.object({ phone: required, password: required.max(200) });
export type LoginPhoneRequest = z.infer<typeof loginPhoneRequest>;
/**
 * The auth token; `passwordIsCode` when the password is still the registration code, which
 * the app then asks the player to replace (`changepass` with the code as `current`).
 */
export const loginPhoneResponse = z.object({
  value: z.string().min(1),
  passwordIsCode: z.literal(true).optional(),
});
export type LoginPhoneResponse = z.infer<typeof loginPhoneResponse>;

export const changepassPhoneRequest = z
  .object({ Phone: required.optional(), Hash: secretText.optional() })
  .refine((b) => b.Phone !== undefined || b.Hash !== undefined, {
    message: "Phone or Hash is required",
  });
export type ChangepassPhoneRequest = z.infer<typeof changepassPhoneRequest>;
export const changepassPhoneResponse = valueResponse(z.string());

/**
 * `token` is a reset token from the SMS link, or the auth token of a signed-in player, who
 * then proves the account with the `current` password (a stolen token alone changes nothing).
 */
export const changepassRequest = z.object({
  password: passwordSchema,
  token: secretText,
  current: required.max(200).optional(),
});
export type ChangepassRequest = z.infer<typeof changepassRequest>;

/** `player/changepass/link`: what a reset link's page says before asking for a password. */
export const resetLinkRequest = z.object({ token: secretText });
export type ResetLinkRequest = z.infer<typeof resetLinkRequest>;
export const resetLinkSchema = z.object({
  /** `used`: a password was set with it; `invalid`: unknown, expired or replaced by a newer. */
  State: z.enum(["valid", "used", "invalid"]),
  /** For a used link: when the number may ask for a new link (ISO time); absent: now. */
  NewLinkAt: z.string().optional(),
});
export type ResetLink = z.infer<typeof resetLinkSchema>;
export const resetLinkResponse = valueResponse(resetLinkSchema);
export const changepassResponse = valueResponse(z.string());
