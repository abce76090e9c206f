import { languages } from "@wegmarke/protocol";
import type {
  Language,
  OpsDraftSaveOutcome,
  OpsStationCreated,
  OpsStationEdit,
  OpsStationForm,
  OpsStationPlace,
  OpsStoryEdit,
  OpsStoryForm,
} from "@wegmarke/protocol";
import { parse, stringify } from "yaml";
import { ServiceError } from "../../errors";
import type { PackDrafts } from "../pack-drafts";
import { readStation, writeStation } from "./station-form";
import { gameLanguages, otherScripts } from "./station-scripts";
import { readStory, writeStory } from "./story-form";

/** The station folders of the draft's files, with their yaml's path. */
function stationFolders(paths: string[]): string[] {
  return paths
    .filter((path) => /^stations\/[^/]+\/station\.yaml$/.test(path))
    .map((path) => path.slice(0, -"/station.yaml".length));
}

/** A folder's name from a title: `Die Alte Mühle` → `die-alte-muehle`. */
export function slugOf(title: string): string {
  const slug = title
    .toLowerCase()
    .replace(/ä/g, "ae")
    .replace(/ö/g, "oe")
    .replace(/ü/g, "ue")
    .replace(/ß/g, "ss")
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/, "");
  return slug === "" ? "station" : slug;
}

/** A text as ink reads it in a line: no divert, choice or tag marks at its start. */
const inkLine = (text: string) => text.replace(/[\r\n]+/g, " ").replace(/^[-+*~#=>/]+\s*/, "");

/**
 * The studio's forms over the draft's files (pack-drafts.ts): a station.yaml and the
 * game's settings in game.yaml read into a form and written back keeping what the form does not
 * edit, saved like any file (over the content it replaces), and a new station made from a title.
 */
export class PackForms {
  constructor(private readonly drafts: PackDrafts) {}

  async station(folder: string): Promise<Omit<OpsStationEdit, "addressSearch">> {
    const file = await this.drafts.text(`${folder}/station.yaml`);
    const read = readStation(file.text);
    if (!read.ok)
      throw new ServiceError(422, `${read.reason} (open station.yaml as text to fix it)`);
    const draft = await this.drafts.draft();
    const paths = draft.files.filter((f) => f.hash !== null).map((f) => f.path);
    const inFolder = paths
      .filter((path) => path.startsWith(`${folder}/`))
      .map((path) => path.slice(folder.length + 1));
    const scripts = inFolder.filter((name) => /^script\.[^/]+\.ink$/.test(name));
    return {
      folder,
      id: read.id,
      hash: file.hash ?? "",
      by: file.by,
      at: file.at,
      form: read.form,
      languages: await this.languages(),
      scripts,
      images: inFolder.filter(isImage).map((name) => `stations/${read.id}/${name}`),
      others: await this.places(stationFolders(paths).filter((other) => other !== folder)),
    };
  }

  async save(
    folder: string,
    form: OpsStationForm,
    replaces: string,
    by: string | null,
  ): Promise<OpsDraftSaveOutcome> {
    const edit = (text: string) => writeStation(text, form);
    return this.drafts.saveEdited(`${folder}/station.yaml`, edit, replaces, by);
  }

  /** A story's form, with the images and audio its folder holds. */
  async story(folder: string): Promise<OpsStoryEdit> {
    const file = await this.drafts.text(`${folder}/story.yaml`);
    const read = readStory(file.text);
    if (!read.ok) throw new ServiceError(422, `${read.reason} (open story.yaml as text to fix it)`);
    const draft = await this.drafts.draft();
    const media = draft.files
      .filter((f) => f.hash !== null && f.path.startsWith(`${folder}/`))
      .map((f) => `stories/${read.id}/${f.path.slice(folder.length + 1)}`);
    return {
      folder,
      id: read.id,
      hash: file.hash ?? "",
      by: file.by,
      at: file.at,
      form: read.form,
      languages: await this.languages(),
      images: media.filter(isImage),
      audio: media.filter((path) => /\.mp3$/i.test(path)),
    };
  }

  async saveStory(
    folder: string,
    form: OpsStoryForm,
    replaces: string,
    by: string | null,
  ): Promise<OpsDraftSaveOutcome> {
    const edit = (text: string) => writeStory(text, form);
    return this.drafts.saveEdited(`${folder}/story.yaml`, edit, replaces, by);
  }

  /** Every station of the draft where it lies. */
  async stationPlaces(): Promise<OpsStationPlace[]> {
    const draft = await this.drafts.draft();
    return this.places(
      stationFolders(draft.files.filter((f) => f.hash !== null).map((f) => f.path)),
    );
  }

  /**
   * A new station: the next free number, placed amid the others, with a first dialogue in
   * German and, marked for translation, in every other language of the game.
   */
  async create(title: string, by: string | null): Promise<OpsStationCreated> {
    const draft = await this.drafts.draft();
    const paths = draft.files.filter((f) => f.hash !== null).map((f) => f.path);
    const folders = stationFolders(paths);
    const ids = draft.files.map((f) => Number(/^stations\/(\d+)-/.exec(f.path)?.[1] ?? 0));
    const id = Math.max(0, ...ids) + 1;
    const folder = `stations/${id}-${slugOf(title)}`;
    const places = await this.places(folders);
    const mean = (values: number[], fallback: number) =>
      values.length === 0 ? fallback : values.reduce((a, b) => a + b, 0) / values.length;
    const latitude = Number(
      mean(
        places.map((p) => p.latitude),
        0,
      ).toFixed(5),
    );
    const longitude = Number(
      mean(
        places.map((p) => p.longitude),
        0,
      ).toFixed(5),
    );
    const character = await this.firstCharacter(folders);
    const yaml = stringify({
      id,
      name: slugOf(title),
      character,
      latitude,
      longitude,
      points: 1,
      view: "station",
      style: "game-station",
      visible: true,
      live: true,
      texts: { de: { title, desc: "" } },
    });
    const script = [
      "VAR points = 0",
      `Willkommen bei „${inkLine(title)}“!`,
      "~ points = 1",
      "-> END",
      "",
    ].join("\n");
    const translations = otherScripts(script, await gameLanguages(this.drafts));
    const files: [string, string][] = [
      [`${folder}/station.yaml`, yaml],
      [`${folder}/script.de.ink`, script],
      ...translations.map(([language, draft]): [string, string] => [
        `${folder}/script.${language}.ink`,
        draft,
      ]),
    ];
    for (const [path, text] of files) {
      const saved = await this.drafts.save(path, text, null, by);
      if (!saved.ok) throw new ServiceError(409, `${path} was made by someone else meanwhile`);
    }
    return { folder, id };
  }

  /** The pack's languages as game.yaml names them, the default first. */
  async languages(): Promise<Language[]> {
    const game = asRecord(parseQuietly((await this.drafts.text("game.yaml")).text));
    const known = (value: unknown): value is Language =>
      typeof value === "string" && (languages as readonly string[]).includes(value);
    const listed = Array.isArray(game.languages) ? game.languages.filter(known) : [];
    const titled = Object.keys(asRecord(game.title)).filter(known);
    const first = known(game.defaultLanguage) ? game.defaultLanguage : "de";
    return [...new Set([first, ...(listed.length > 0 ? listed : titled)])];
  }

  /** Where the stations of `folders` are, as far as their yaml says. */
  private async places(folders: string[]): Promise<OpsStationPlace[]> {
    const places: OpsStationPlace[] = [];
    for (const folder of folders) {
      const yaml = asRecord(parseQuietly((await this.drafts.text(`${folder}/station.yaml`)).text));
      const { latitude, longitude } = yaml;
      if (typeof latitude !== "number" || typeof longitude !== "number") continue;
      const title = asRecord(asRecord(yaml.texts).de).title;
      places.push({
        folder,
        title: typeof title === "string" ? title : folder,
        latitude,
        longitude,
      });
    }
    return places;
  }

  /** The character of the lowest-numbered station: the game's usual voice. */
  private async firstCharacter(folders: string[]): Promise<string> {
    const sorted = [...folders].sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
    const first = sorted[0];
    if (first === undefined) return "Erzählerin";
    const character = asRecord(
      parseQuietly((await this.drafts.text(`${first}/station.yaml`)).text),
    ).character;
    if (typeof character === "string") return character;
    const german = asRecord(character).de;
    return typeof german === "string" ? german : "Erzählerin";
  }
}

function isImage(path: string): boolean {
  return /\.(jpe?g|png|gif|webp|avif|svg)$/i.test(path);
}

function parseQuietly(text: string): unknown {
  try {
    return parse(text);
  } catch {
    return undefined;
  }
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
}
