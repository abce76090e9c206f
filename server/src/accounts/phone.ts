import { ErrorReason } from "@wegmarke/protocol";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import type { CountryCode, NumberType } from "libphonenumber-js/max";
import { DEFAULT_PHONE_REGION } from "../content/model";
import { ServiceError } from "../errors";

/**
 * Phone numbers as the server keys accounts by: E.164 (`+491711234567`), read by libphonenumber-js
 * with its full metadata (docs/decisions/016-phone-numbers.md).
 *
 * 1. The input is read in the spec's wire form: a plus becomes `00`, everything but digits goes
 *    (web/src/lib/phone.ts sends that form). A leading `00` is the international prefix.
 * 2. A national number is read in the pack's `phoneRegion` (game.yaml, default DE): with AT,
 *    `0664 1234567` is `+436641234567`; with DE it is a German landline. So `0171 1234567`,
 *    `+49 171 1234567` and `0049-171-1234567` are one account and share one SMS limit.
 * 3. The number must be a valid one of its country (length and number ranges); a new account
 *    needs one that can receive SMS (mobile, or where the plan cannot tell, as in the US).
 */

/** Types of number an SMS code can reach: a landline or a service number cannot. */
const SMS_TYPES: ReadonlySet<NumberType> = new Set<NumberType>([
  "MOBILE",
  "FIXED_LINE_OR_MOBILE",
  "PERSONAL_NUMBER",
  "VOIP",
]);

/** The E.164 form of `input` read in `region`, or undefined when it is no valid phone number. */
export function normalizePhone(
  input: string,
  region: CountryCode = DEFAULT_PHONE_REGION,
): string | undefined {
  return parse(input, region)?.number;
}

/** The number as an account is found by; 403 `invalid phone` when the input is none. */
export function phoneOf(input: string, region: CountryCode = DEFAULT_PHONE_REGION): string {
  const phone = parse(input, region);
  if (phone === undefined) throw new ServiceError(403, ErrorReason.invalidPhone);
  return phone.number;
}

/** The number a new account is registered with: also one that can receive the SMS code. */
export function mobilePhoneOf(input: string, region: CountryCode = DEFAULT_PHONE_REGION): string {
  const phone = parse(input, region);
  const type = phone?.getType();
  if (phone === undefined || type === undefined || !SMS_TYPES.has(type)) {
    throw new ServiceError(403, ErrorReason.invalidPhone);
  }
  return phone.number;
}

function parse(input: string, region: CountryCode) {
  const digits = input.replace(/\+/g, "00").replace(/\D/g, "");
  const text = digits.startsWith("00") ? `+${digits.slice(2)}` : digits;
  // Digits only, so the library's search for a number in a text finds nothing it should not.
  if (!/^(\+[1-9])?\d+$/.test(text)) return undefined;
  const phone = parsePhoneNumberFromString(text, region);
  return phone?.isValid() ? phone : undefined;
}
