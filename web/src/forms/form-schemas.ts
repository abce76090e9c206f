import { z } from "zod";
import { passwordSchema } from "@wegmarke/protocol";
import { sameAsMessage } from "./form-messages";

/** The forms' fields (spec 5): trimmed; names at least 2 characters, passwords at least 6. */
const required = z.string().trim().min(1);

/** Login: phone number and the password (the SMS code is the first one, so no minimum). */
export const phoneLoginForm = z.object({ phone: required, password: required.max(200) });

/** Registration: first name, phone number and the acknowledged privacy notice. */
export const registrationForm = z.object({
  firstName: required.min(2).max(100),
  phone: required,
  privacy: z.boolean().pipe(z.literal(true)),
});

/** The code the registration SMS brought. */
export const smsCodeForm = z.object({ code: required.max(20) });

/**
 * A new password and its repetition, which must be equal; `current`, the password it replaces,
 * where the form asks for it (else empty).
 */
function passwordForm(current: z.ZodType<string, string | undefined>) {
  return z
    .object({ current, password: required.pipe(passwordSchema), repeat: required })
    .refine((form) => form.password === form.repeat, { path: ["repeat"], error: sameAsMessage });
}

/** A new password (reset link, or the SMS code as the current one). */
export const newPasswordForm = passwordForm(z.string().default(""));

/** A signed-in player's password change: the current password too (any stored one). */
export const changePasswordForm = passwordForm(required.max(200));

/** A team invitation code. */
export const teamCodeForm = z.object({ code: required.max(100) });

/** Debug: the auth token to use instead of the current one. */
export const authTokenForm = z.object({ token: required });
