/** How a typed answer is compared with a script's accepted answers (docs/content-authoring.md). */

const UMLAUT_SPELLINGS = /ae|oe|ue/g;
const EDGE_PUNCTUATION = /^[\p{P}\s]+|[\p{P}\s]+$/gu;

/**
 * The form in which the server compares a typed answer with a script's alternatives: lower
 * case, accents dropped (ä -> a, é -> e), ae/oe/ue -> a/o/u and ß -> ss, white space collapsed,
 * punctuation at either end removed. (The app cleans the input before it sends it, by rules
 * of its own: web/src/game/answer.ts.)
 */
export function comparableAnswer(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(UMLAUT_SPELLINGS, (pair) => pair.charAt(0))
    .replace(/\s+/g, " ")
    .replace(EDGE_PUNCTUATION, "");
}

/** The comparable forms of the scripts' accepted answers: the same few texts on every step. */
const acceptedForms = new Map<string, string>();

function acceptedForm(accepted: string): string {
  let form = acceptedForms.get(accepted);
  if (form === undefined) {
    if (acceptedForms.size >= 10_000) acceptedForms.clear();
    form = comparableAnswer(accepted);
    acceptedForms.set(accepted, form);
  }
  return form;
}

/** True when `given` equals one of `accepted` after comparableAnswer; an empty answer never does. */
export function matchesAnswer(given: string, accepted: readonly string[]): boolean {
  const normalized = comparableAnswer(given);
  return normalized !== "" && accepted.some((a) => acceptedForm(a) === normalized);
}
