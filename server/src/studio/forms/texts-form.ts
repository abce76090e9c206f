import { languages } from "@wegmarke/protocol";
import type { Language, OpsGameTextsForm, OpsLocalized } from "@wegmarke/protocol";
import { parseGame } from "./game-form";
import { editYaml } from "./yaml-edit";
import type { YamlEdit } from "./yaml-edit";

/** game.yaml's texts as the studio's texts form shows them, with the game's languages. */
export type ReadTexts =
  { ok: true; form: OpsGameTextsForm; languages: Language[] } | { ok: false; reason: string };

type Path = (string | number)[];

/** Reads the texts of game.yaml; a file the loader would refuse is refused here too. */
export function readTexts(text: string): ReadTexts {
  const parsed = parseGame(text);
  if (!parsed.ok) return parsed;
  const { game } = parsed;
  return {
    ok: true,
    // Without a list, the languages of the title, as the settings' form has them.
    languages: game.languages ?? [
      ...new Set<Language>([
        game.defaultLanguage,
        ...languages.filter((language) => (game.title[language] ?? "") !== ""),
      ]),
    ],
    form: {
      rejection: game.texts.rejection,
      missionRejected: game.texts.missionRejected ?? {},
      intro: game.intro.map(({ headline, text: body, image }) => ({
        headline,
        text: body,
        image: image ?? null,
      })),
      help: game.help,
      news: game.news,
      crest: (game.crest ?? []).map(({ finishedStories, image, caption }) => ({
        finishedStories,
        image,
        caption,
      })),
      privacy: game.privacy?.text ?? null,
      provider: game.privacy?.provider ?? null,
    },
  };
}

/** A text per language without the empty ones; German stays (the fallback every text has). */
function written(texts: OpsLocalized): OpsLocalized {
  return Object.fromEntries(
    languages.flatMap((language) => {
      const value = texts[language] ?? "";
      return value === "" && language !== "de" ? [] : [[language, value]];
    }),
  );
}

/**
 * game.yaml `text` with the form's texts: a changed text is written where it stands (one-line
 * texts byte for byte around them), a list that grew or shrank as a whole; pictures, the map,
 * the settings and comments stay.
 */
export function writeTexts(text: string, form: OpsGameTextsForm): string {
  const before = readTexts(text);
  if (!before.ok) return text;
  const old = before.form;
  const edits: YamlEdit[] = [];
  const localized = (path: Path, was: OpsLocalized | undefined, now: OpsLocalized) => {
    for (const language of languages) {
      const value = now[language] ?? "";
      if (value === (was?.[language] ?? "")) continue;
      edits.push(
        value === "" && language !== "de"
          ? { path: [...path, language], remove: true }
          : { path: [...path, language], value },
      );
    }
  };
  const headedList = (key: "help" | "intro") => {
    const now = form[key];
    if (now.length !== old[key].length) {
      edits.push({
        path: [key],
        value: now.map(({ headline, text: body }) => ({
          headline: written(headline),
          text: written(body),
        })),
      });
      return;
    }
    now.forEach((item, index) => {
      localized([key, index, "headline"], old[key][index]?.headline, item.headline);
      localized([key, index, "text"], old[key][index]?.text, item.text);
    });
  };
  localized(["texts", "rejection"], old.rejection, form.rejection);
  const missionRejected = written(form.missionRejected);
  if (Object.values(missionRejected).every((value) => value === "")) {
    // Nothing written: the server's own line, without an empty key in the file.
    if (Object.keys(old.missionRejected).length > 0) {
      edits.push({ path: ["texts", "missionRejected"], remove: true });
    }
  } else if (Object.keys(old.missionRejected).length === 0) {
    edits.push({ path: ["texts", "missionRejected"], value: missionRejected });
  } else {
    localized(["texts", "missionRejected"], old.missionRejected, form.missionRejected);
  }
  // The introduction has exactly four steps: only their texts and pictures change here.
  if (form.intro.length === old.intro.length) {
    headedList("intro");
    form.intro.forEach(({ image }, index) => {
      if (image === old.intro[index]?.image) return;
      const path = ["intro", index, "image"];
      edits.push(image === null ? { path, remove: true } : { path, value: image });
    });
  }
  headedList("help");
  if (form.news.length !== old.news.length) {
    edits.push({ path: ["news"], value: form.news.map(written) });
  } else {
    form.news.forEach((item, index) => localized(["news", index], old.news[index], item));
  }
  for (const row of form.crest) {
    const was = old.crest.find((level) => level.finishedStories === row.finishedStories);
    if (!was) continue;
    localized(["crest", row.finishedStories, "caption"], was.caption, row.caption);
    if (row.image !== was.image) {
      edits.push({ path: ["crest", row.finishedStories, "image"], value: row.image });
    }
  }
  if (form.privacy !== null && old.privacy !== null) {
    localized(["privacy", "text"], old.privacy, form.privacy);
  }
  if (form.provider !== null && old.provider !== null) {
    const [now, was] = [form.provider, old.provider];
    if (now.name !== was.name)
      edits.push({ path: ["privacy", "provider", "name"], value: now.name });
    if (now.email !== was.email) {
      edits.push({ path: ["privacy", "provider", "email"], value: now.email });
    }
    if (now.address.join("\n") !== was.address.join("\n")) {
      edits.push({ path: ["privacy", "provider", "address"], value: now.address });
    }
  }
  return editYaml(text, edits);
}
