/**
 * A phone number as the account calls send it (spec 5): a plus becomes `00`, everything but
 * digits goes. `+49 171 123-4567` becomes `00491711234567`. The server reads that form with
 * libphonenumber-js: a leading `00` starts the country code, anything else is a number of the
 * pack's `phoneRegion` (docs/decisions/016-phone-numbers.md).
 */
export function normalizePhone(input: string): string {
  return input.replace(/\+/g, "00").replace(/\D/g, "");
}
