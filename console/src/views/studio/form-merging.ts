import type { OpsDraftText } from "@wegmarke/protocol";
import type { Texts } from "../../i18n/i18n";
import { mergeFields } from "../../lib/merge-fields";
import type { Clash } from "./conflict";
import type { Merging } from "./draft-save";

const LANGUAGE_NAMES = {
  de: "news.lang.de",
  "de-formal": "news.lang.de-formal",
  en: "news.lang.en",
} as const;
const isLanguage = (part: string): part is keyof typeof LANGUAGE_NAMES => part in LANGUAGE_NAMES;

/** A field's value as the conflict shows it. */
const shown = (value: unknown): string =>
  value === undefined || value === null || value === ""
    ? ""
    : typeof value === "string"
      ? value
      : JSON.stringify(value);

/** The words for a form's fields, by key; a function where the label names the language. */
type Labels = Record<string, string | ((language: string) => string)>;

/** The station form's fields in words. */
export function stationLabels({ t }: Pick<Texts, "t">): Labels {
  return {
    name: "name",
    character: (language) => t("station.character", { language }),
    latitude: t("station.latitude"),
    longitude: t("station.longitude"),
    points: t("station.points"),
    group: t("station.group"),
    view: t("station.view"),
    style: t("station.style"),
    visible: t("station.visible"),
    live: t("station.live"),
    trigger: t("station.trigger"),
    radius: t("station.radius"),
    image: t("station.image"),
    title: t("station.text.title"),
    desc: t("station.text.desc"),
    descDone: t("station.text.descDone"),
    longDesc: t("station.text.longDesc"),
  };
}

/** The game form's fields in words. */
export function gameLabels({ t }: Pick<Texts, "t">): Labels {
  return {
    title: (language) => t("game.title", { language }),
    defaultLanguage: t("game.defaultLanguage"),
    languages: t("game.languages"),
    teams: t("game.teams"),
    registrationLess: t("game.registrationLess"),
    followBrowserLanguage: t("game.followBrowserLanguage"),
    allowGeolocation: t("game.allowGeolocation"),
    debug: t("game.debug"),
    shortName: t("game.shortName"),
    themeColor: t("game.themeColor"),
    backgroundColor: t("game.backgroundColor"),
    icon: t("game.icon"),
    start: t("game.clockStart"),
    end: t("game.clockEnd"),
  };
}

/**
 * A form's save merged with another author's, field by field: their form is read again (it must
 * be the version the refused save named), and a field both changed differently is named by its
 * label, with its language where it has one ("Title (English)").
 */
export function formMerging<T>(
  load: () => Promise<{ form: T | null; hash: string | null }>,
  labels: Labels,
  { t }: Pick<Texts, "t">,
  onMerged: (value: T) => void,
): Merging<T> {
  const where = (path: string[]) => {
    const language = path.find(isLanguage);
    const field = path.filter((part) => !isLanguage(part)).at(-1) ?? "";
    const label = labels[field] ?? field;
    if (language === undefined) return typeof label === "string" ? label : label("");
    const name = t(LANGUAGE_NAMES[language]);
    return typeof label === "string" ? `${label} (${name})` : label(name);
  };
  return {
    merge: async (base: T, mine: T, theirs: OpsDraftText) => {
      const edit = await load();
      if (edit.hash !== theirs.hash || edit.form === null) return null;
      const merged = mergeFields(base, mine, edit.form);
      if (merged.ok) return merged;
      const clashes: Clash[] = merged.collisions.map((collision) => ({
        where: where(collision.path),
        mine: shown(collision.mine),
        theirs: shown(collision.theirs),
      }));
      return { ok: false, clashes };
    },
    onMerged,
  };
}
