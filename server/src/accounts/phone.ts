import { ErrorReason } from "@wegmarke/protocol";
import { ServiceError } from "../errors";

/**
 * Phone numbers as the server keys accounts by: `00` + country code + number, digits only.
 *
 * 1. As the spec's client does: a plus becomes `00`, everything but digits goes.
 * 2. A national number (one leading `0`) gets the default country code, so `0171 1234567`,
 *    `+49 171 1234567` and `0049-171-1234567` are one account and share one SMS limit.
 * 3. Plausible means 8 to 15 digits after the `00` (E.164 allows 15), the first not `0`.
 *    Whether the number really is a mobile one only the SMS gateway can tell.
 */

/** The games run in Germany: a number without country code is a German one. */
const DEFAULT_COUNTRY_CODE = "49";
const CANONICAL = /^00[1-9]\d{7,14}$/;

/** The canonical form of `input`, or undefined when it is no plausible phone number. */
export function normalizePhone(input: string): string | undefined {
  const digits = input.replace(/\+/g, "00").replace(/\D/g, "");
  const international = /^0[1-9]/.test(digits)
    ? `00${DEFAULT_COUNTRY_CODE}${digits.slice(1)}`
    : digits;
  return CANONICAL.test(international) ? international : undefined;
}

/** The canonical phone number; 403 `invalid phone` when the input is none. */
export function phoneOf(input: string): string {
  const phone = normalizePhone(input);
  if (phone === undefined) throw new ServiceError(403, ErrorReason.invalidPhone);
  return phone;
}
