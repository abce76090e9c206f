import type { OpsDraftFile, OpsFolderCreated, OpsFolderRemoved } from "@wegmarke/protocol";
import { parse, stringify } from "yaml";
import { blobHash } from "../content/pack-snapshot";
import { ServiceError } from "../errors";
import type { BatchChange } from "./draft-batch";
import type { PackForms } from "./forms/pack-forms";
import { slugOf } from "./forms/pack-forms";
import { readStation } from "./forms/station-form";
import { copyName, copyStationYaml, moveMediaPaths } from "./forms/station-copy";
import type { PackDrafts } from "./pack-drafts";

/** The files the studio reads as text: a copy's media paths are moved in them. */
const TEXT_FILES = /\.(ya?ml|ink|md|txt|json)$/;

/** A story's chapter line in a language: `Kapitel 4`. */
const CHAPTER = { de: "Kapitel", "de-formal": "Kapitel", en: "Chapter" } as const;

type Kind = "station" | "story";

/**
 * The draft's station and story folders as wholes: one removed with every file in it, a
 * station copied to the next free number, a new story from its headline. Each writes all its
 * files in one transaction (draft-batch.ts) or none.
 */
export class DraftFolders {
  constructor(
    private readonly drafts: PackDrafts,
    private readonly forms: PackForms,
  ) {}

  /**
   * Removes the folder of a station or story whose yaml the author saw with the hash
   * `replaces`: 404 for no such folder, 409 with the reason where it changed since.
   */
  async remove(
    kind: Kind,
    folder: string,
    replaces: string,
    by: string | null,
  ): Promise<OpsFolderRemoved> {
    const files = await this.filesOf(kind, folder);
    const yaml = files.find((file) => file.path === `${folder}/${kind}.yaml`);
    if (yaml?.hash !== replaces) {
      const who = yaml?.by ? ` by ${yaml.by}` : "";
      throw new ServiceError(
        409,
        `${kind}.yaml of ${folder} was changed${who} since you saw it: look at it again first`,
      );
    }
    const changes = files.map((file): BatchChange => ({
      path: file.path,
      content: { hash: null },
      replaces: file.hash,
    }));
    if (!(await this.drafts.writeAll(changes, by))) {
      throw new ServiceError(409, `a file of ${folder} was changed meanwhile: look at it again`);
    }
    return { folder, removed: files.map((file) => file.path) };
  }

  /**
   * A copy of a station: the next free number, its files and media copied, its media paths
   * (`stations/<id>/…`) moved to the new number, a name no station has, titles marked.
   */
  async copyStation(folder: string, by: string | null): Promise<OpsFolderCreated> {
    const files = await this.filesOf("station", folder);
    const yaml = await this.drafts.text(`${folder}/station.yaml`);
    const read = readStation(yaml.text);
    if (!read.ok) {
      throw new ServiceError(422, `${read.reason} (open station.yaml as text to fix it)`);
    }
    const all = (await this.drafts.draft()).files;
    const id = nextNumber(all, "stations");
    const name = copyName(read.form.name, await this.stationNames(all));
    const copy = `stations/${id}-${slugOf(name)}`;
    const changes: BatchChange[] = [];
    for (const file of files) {
      if (file.hash === null) continue;
      const path = `${copy}/${file.path.slice(folder.length + 1)}`;
      if (!TEXT_FILES.test(file.path)) {
        changes.push({ path, content: { hash: file.hash }, replaces: null });
        continue;
      }
      const { text } = await this.drafts.text(file.path);
      const moved = moveMediaPaths(text, read.id, id);
      const written = file.path === yaml.path ? copyStationYaml(moved, id, name) : moved;
      changes.push({ path, content: textContent(written), replaces: null });
    }
    if (!(await this.drafts.writeAll(changes, by))) {
      throw new ServiceError(409, `${copy} was made by someone else meanwhile: try again`);
    }
    return { folder: copy, id };
  }

  /** A new story: the next free number, its headline `title` in every language of the game. */
  async createStory(title: string, by: string | null): Promise<OpsFolderCreated> {
    const id = nextNumber((await this.drafts.draft()).files, "stories");
    const name = slugOf(title);
    const folder = `stories/${id}-${name}`;
    const languages = await this.forms.languages();
    const each = (value: (language: (typeof languages)[number]) => string) =>
      Object.fromEntries(languages.map((language) => [language, value(language)]));
    const yaml = stringify({
      id,
      name,
      live: true,
      chapter: each((language) => `${CHAPTER[language]} ${id}`),
      headline: each(() => title),
      requiredPoints: 0,
      text: each(() => ""),
    });
    const path = `${folder}/story.yaml`;
    const change: BatchChange = { path, content: textContent(yaml), replaces: null };
    if (!(await this.drafts.writeAll([change], by))) {
      throw new ServiceError(409, `${path} was made by someone else meanwhile: try again`);
    }
    return { folder, id };
  }

  /** The files a station's or story's folder has in the draft: 404 without its yaml. */
  private async filesOf(kind: Kind, folder: string): Promise<OpsDraftFile[]> {
    const files = (await this.drafts.draft()).files.filter(
      (file) => file.path.startsWith(`${folder}/`) && file.hash !== null,
    );
    if (!files.some((file) => file.path === `${folder}/${kind}.yaml`)) {
      throw new ServiceError(404, `the draft has no ${kind} in ${folder}`);
    }
    return files;
  }

  /** The names the draft's stations have. */
  private async stationNames(files: OpsDraftFile[]): Promise<Set<string>> {
    const names = new Set<string>();
    for (const file of files) {
      if (file.hash === null || !/^stations\/[^/]+\/station\.yaml$/.test(file.path)) continue;
      const { text } = await this.drafts.text(file.path);
      const name = nameOf(text);
      if (name !== undefined) names.add(name);
    }
    return names;
  }
}

/**
 * The number after the highest of the draft's `stations` or `stories`, removed ones included:
 * a number removed in the draft is not given again before the draft is published or discarded.
 */
function nextNumber(files: OpsDraftFile[], top: "stations" | "stories"): number {
  const pattern = new RegExp(`^${top}/(\\d+)-`);
  const numbers = files.map((file) => Number(pattern.exec(file.path)?.[1] ?? 0));
  return Math.max(0, ...numbers) + 1;
}

function textContent(text: string): { hash: string; bytes: Buffer } {
  const bytes = Buffer.from(text, "utf8");
  return { hash: blobHash(bytes), bytes };
}

function nameOf(text: string): string | undefined {
  try {
    const name = (parse(text) as { name?: unknown } | null)?.name;
    return typeof name === "string" ? name : undefined;
  } catch {
    return undefined;
  }
}
