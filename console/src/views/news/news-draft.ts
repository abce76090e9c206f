import { opsNewsRequest } from "@wegmarke/protocol";
import type { OpsNewsRequest } from "@wegmarke/protocol";
import type { TextKey } from "../../i18n/en";

/** The languages an operator writes news in; `de-formal` is optional. */
export const draftLanguages = ["de", "en", "de-formal"] as const;
export type DraftLanguage = (typeof draftLanguages)[number];

/** Each language's name in the console's texts. */
export const languageNames: Record<DraftLanguage, TextKey> = {
  de: "news.lang.de",
  en: "news.lang.en",
  "de-formal": "news.lang.de-formal",
};

/** The most characters of one text, as the protocol allows. */
export const NEWS_MAX = opsNewsRequest.shape.text.shape.de.maxLength ?? 1000;

export type NewsDraft = Record<DraftLanguage, string> & {
  /** A station's id as the select holds it; "" for none. */
  stationId: string;
  /** Pushed to every phone that takes pushes, and shown over every screen of the app. */
  urgent: boolean;
};

export const emptyDraft: NewsDraft = {
  de: "",
  en: "",
  "de-formal": "",
  stationId: "",
  urgent: false,
};

export type DraftProblem = "required" | "tooLong" | "invalid";

export type CheckedDraft =
  | { ok: true; request: OpsNewsRequest }
  | { ok: false; problems: Partial<Record<DraftLanguage, DraftProblem>> };

const isDraftLanguage = (value: unknown): value is DraftLanguage =>
  (draftLanguages as readonly unknown[]).includes(value);

/**
 * The request of a draft, checked as the server checks it: German and English required, the
 * formal German only when written (blank is left out), each at most NEWS_MAX characters.
 */
export function checkDraft(draft: NewsDraft): CheckedDraft {
  const formal = draft["de-formal"].trim();
  const parsed = opsNewsRequest.safeParse({
    text: { de: draft.de, en: draft.en, ...(formal !== "" && { "de-formal": draft["de-formal"] }) },
    ...(draft.stationId !== "" && { stationId: Number(draft.stationId) }),
    ...(draft.urgent && { urgent: true }),
  });
  if (parsed.success) return { ok: true, request: parsed.data };
  const problems: Partial<Record<DraftLanguage, DraftProblem>> = {};
  for (const issue of parsed.error.issues) {
    const [group, language] = issue.path;
    if (group !== "text" || !isDraftLanguage(language) || problems[language] !== undefined) {
      continue;
    }
    problems[language] =
      issue.code === "too_small" ? "required" : issue.code === "too_big" ? "tooLong" : "invalid";
  }
  return { ok: false, problems };
}
