import { languages } from "@wegmarke/protocol";
import type { Language, OpsGameForm } from "@wegmarke/protocol";
import { parse } from "yaml";
import { gameSchema } from "../../content/schema";
import type { GameFile } from "../../content/schema";
import { formatIssues } from "../../validation";
import { editYaml } from "./yaml-edit";
import type { YamlEdit } from "./yaml-edit";

/** game.yaml as the loader reads it, or why it cannot: a file it would refuse is refused here. */
export function parseGame(
  text: string,
): { ok: true; game: GameFile } | { ok: false; reason: string } {
  let data: unknown;
  try {
    data = parse(text);
  } catch (error) {
    return { ok: false, reason: `game.yaml cannot be read: ${(error as Error).message}` };
  }
  const parsed = gameSchema.safeParse(data);
  if (!parsed.success) {
    return { ok: false, reason: `game.yaml: ${formatIssues(parsed.error, "game")}` };
  }
  return { ok: true, game: parsed.data };
}

/** The game.yaml as the studio's game form shows it, or why it cannot. */
export type ReadGame = { ok: true; form: OpsGameForm } | { ok: false; reason: string };

/** Reads game.yaml into the form; a file the loader would refuse is refused here too. */
export function readGame(text: string): ReadGame {
  const parsed = parseGame(text);
  if (!parsed.ok) return parsed;
  const { game } = parsed;
  const titled = languages.filter((language) => (game.title[language] ?? "") !== "");
  const written: Language[] = game.languages ?? [
    ...new Set<Language>([game.defaultLanguage, ...titled]),
  ];
  return {
    ok: true,
    form: {
      title: Object.fromEntries(titled.map((language) => [language, game.title[language] ?? ""])),
      defaultLanguage: game.defaultLanguage,
      languages: written,
      teams: game.settings.teams,
      registrationLess: game.settings.registrationLess,
      followBrowserLanguage: game.settings.followBrowserLanguage,
      allowGeolocation: game.settings.allowGeolocation,
      debug: game.settings.debug,
      app: {
        shortName: game.app?.shortName ?? "",
        themeColor: game.app?.themeColor ?? "",
        backgroundColor: game.app?.backgroundColor ?? "",
        icon: game.app?.icon ?? "",
      },
      clock: { start: game.clock?.start ?? "", end: game.clock?.end ?? "" },
    },
  };
}

const APP_KEYS = ["shortName", "themeColor", "backgroundColor", "icon"] as const;

const SETTINGS = [
  "teams",
  "registrationLess",
  "followBrowserLanguage",
  "allowGeolocation",
  "debug",
] as const;

/**
 * game.yaml `text` with the form's values: only what changed is written, so comments, order and
 * everything the form does not show (texts, crest, intro, help, privacy, news, map) stay.
 */
export function writeGame(text: string, form: OpsGameForm): string {
  const before = readGame(text);
  const old = before.ok ? before.form : undefined;
  const differs = (key: keyof OpsGameForm) =>
    JSON.stringify(old?.[key]) !== JSON.stringify(form[key]);
  const edits: YamlEdit[] = [];
  if (differs("title")) {
    for (const language of languages) {
      const title = form.title[language] ?? "";
      if (title === (old?.title[language] ?? "")) continue;
      edits.push(
        title === ""
          ? { path: ["title", language], remove: true }
          : { path: ["title", language], value: title },
      );
    }
  }
  if (differs("defaultLanguage"))
    edits.push({ path: ["defaultLanguage"], value: form.defaultLanguage });
  if (differs("languages")) edits.push({ path: ["languages"], value: form.languages });
  for (const key of SETTINGS) {
    if (!differs(key)) continue;
    // The older `allowTeams` gives way to `teams`.
    if (key === "teams" && /^\s+allowTeams:/m.test(text)) {
      edits.push({ path: ["settings", "allowTeams"], remove: true });
    }
    edits.push({ path: ["settings", key], value: form[key] });
  }
  if (differs("app")) edits.push(...appEdits(old?.app, form.app));
  if (differs("clock")) edits.push(...clockEdits(form.clock));
  return editYaml(text, edits);
}

/** The `clock` section as the form has it: "" leaves a key out, and the section once both are. */
function clockEdits(clock: OpsGameForm["clock"]): YamlEdit[] {
  if (clock.start === "" && clock.end === "") return [{ path: ["clock"], remove: true }];
  return (["start", "end"] as const).map((key) =>
    clock[key] === ""
      ? { path: ["clock", key], remove: true }
      : { path: ["clock", key], value: clock[key] },
  );
}

/** The `app` section's changed keys; "" removes a key, and the section once it is empty. */
function appEdits(old: OpsGameForm["app"] | undefined, app: OpsGameForm["app"]): YamlEdit[] {
  if (APP_KEYS.every((key) => app[key] === "")) return [{ path: ["app"], remove: true }];
  return APP_KEYS.filter((key) => app[key] !== (old?.[key] ?? "")).map((key) =>
    app[key] === ""
      ? { path: ["app", key], remove: true }
      : { path: ["app", key], value: app[key] },
  );
}
