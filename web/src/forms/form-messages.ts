import type { TFunction } from "i18next";
import type { z } from "zod";

/**
 * Validation messages (spec 5, translation prefix `vuelidate`). A field error carries its
 * message as a string: the key, and for lengths the count after a colon (`minLength:6`), so
 * that it is translated when shown, in the language chosen then.
 */
type FormMessage =
  { key: "required" | "sameAs" | "accepted" } | { key: "minLength" | "maxLength"; count: number };

export const sameAsMessage = "sameAs";

function encode(message: FormMessage): string {
  return "count" in message ? `${message.key}:${message.count}` : message.key;
}

function decode(text: string): FormMessage {
  const [key, count] = text.split(":");
  if ((key === "minLength" || key === "maxLength") && count !== undefined)
    return { key, count: Number(count) };
  if (key === "sameAs" || key === "accepted") return { key };
  return { key: "required" };
}

/** Zod's error map for forms: every issue as a validation message. */
export function formIssueMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case "too_small": {
      const count = Number(issue.minimum);
      return encode(count > 1 ? { key: "minLength", count } : { key: "required" });
    }
    case "too_big":
      return encode({ key: "maxLength", count: Number(issue.maximum) });
    case "invalid_value":
      // The only literal of the forms is a checkbox that must be ticked.
      return encode({ key: "accepted" });
    default:
      return encode({ key: "required" });
  }
}

/** The text of a field error's message. */
export function formMessageText(t: TFunction, message: string): string {
  const decoded = decode(message);
  switch (decoded.key) {
    case "minLength":
      return t("vuelidate.minLength", { min: decoded.count });
    case "maxLength":
      return t("vuelidate.maxLength", { max: decoded.count });
    default:
      return t(`vuelidate.${decoded.key}`);
  }
}
