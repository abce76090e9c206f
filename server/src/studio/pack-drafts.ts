import { randomUUID } from "node:crypto";
import { mkdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import type {
  OpsDraft,
  OpsDraftCheck,
  OpsDraftFile,
  OpsDraftSaveOutcome,
  OpsDraftText,
} from "@wegmarke/protocol";
import type { Clock } from "../clock";
import { blobHash, packDigest } from "../content/pack-snapshot";
import { ServiceError } from "../errors";
import type { DraftFile } from "../store/pack-draft-repository";
import type { Repositories, StoreOf } from "../store/store";
import { groupProblems } from "./check-groups";
import { writeBatch } from "./draft-batch";
import type { BatchChange } from "./draft-batch";
import { currentOf, entriesOf, listFiles, pathClash, writeFolder } from "./draft-files";
import type { DraftState } from "./draft-files";
import { textHunks } from "../packs/pack-changes";
import { storeBlob } from "../packs/pack-import";
import { receiveMedium } from "./media-upload";
import type { ReceivedMedium } from "./media-upload";
import type { LoadedVersion, PackLibrary } from "../packs/pack-library";

export type PackDraftsDeps = {
  store: StoreOf<Pick<Repositories, "drafts" | "packs">>;
  library: PackLibrary;
  /** Where this instance writes a draft's files for the check (PACK_CACHE_DIR). */
  cacheDir: string;
  clock: Clock;
};

/** The files the studio edits as text; media are uploaded. */
const TEXT_FILES = /\.(ya?ml|ink|md|txt|json)$/;

/**
 * A draft stored as a version, loaded and checked, ready to go live: what it published, to
 * settle afterwards.
 */
export type PreparedDraft =
  (LoadedVersion & { ok: true; published: DraftFile[] }) | { ok: false; check: OpsDraftCheck };

/**
 * The studio's draft (decisions/033): the changes authors make to the pack's files before they
 * publish them. It starts from the live version at the first change; each file saved names the
 * content it replaces, and a save that would overwrite another author's is refused with theirs.
 * "Check" runs `content:check` on the draft, "publish" stores it as a version (released by the
 * caller on every instance) and leaves in the draft only what changed meanwhile.
 */
export class PackDrafts {
  constructor(private readonly deps: PackDraftsDeps) {}

  /** The draft's files: the base version's with the draft's changes, and the removed ones. */
  async draft(): Promise<OpsDraft> {
    const state = await this.state();
    return {
      base: state.base.id,
      live: state.live.id,
      baseNumber: state.base.number,
      liveNumber: state.live.number,
      files: listFiles(state),
      changed: state.changes.size,
    };
  }

  /** A text file of the draft, with the hash a save must name; 404 where there is none. */
  async text(file: string): Promise<OpsDraftText> {
    textOnly(file);
    const state = await this.state();
    const current = currentOf(state, file);
    if (current.hash === null) throw new ServiceError(404, "no such file in the draft");
    return this.textOf(file, current);
  }

  /** Where this instance keeps the bytes of the draft's `file`; undefined for none. */
  async mediumFile(file: string): Promise<string | undefined> {
    const { hash } = currentOf(await this.state(), file);
    return hash === null ? undefined : this.deps.library.blobFile(hash);
  }

  /** Saves a text file where it still has the content `replaces`; else answers theirs. */
  async save(
    file: string,
    text: string,
    replaces: string | null,
    by: string | null,
  ): Promise<OpsDraftSaveOutcome> {
    textOnly(file);
    const bytes = Buffer.from(text, "utf8");
    return this.write(file, { hash: blobHash(bytes), bytes }, replaces, by);
  }

  /**
   * Saves a form over a text file: `edit` writes the form onto the file as it is now, where it
   * still has the content `replaces` (a form's save); else the draft answers theirs.
   */
  async saveEdited(
    file: string,
    edit: (text: string) => string,
    replaces: string,
    by: string | null,
  ): Promise<OpsDraftSaveOutcome> {
    const current = await this.text(file);
    const text = current.hash === replaces ? edit(current.text) : current.text;
    return this.save(file, text, replaces, by);
  }

  /**
   * Saves the request body `body` as the medium `file` where it still has the content
   * `replaces`: written to a file of this instance as it arrives, checked and stored from there
   * (media-upload.ts), so that no video is held in memory whole.
   */
  async upload(
    file: string,
    body: Readable,
    declared: number | undefined,
    replaces: string | null,
    by: string | null,
  ): Promise<OpsDraftSaveOutcome> {
    const dir = path.join(this.deps.cacheDir, "drafts", randomUUID());
    try {
      await mkdir(dir, { recursive: true });
      const medium = await receiveMedium(file, body, declared, path.join(dir, "upload"));
      return await this.write(file, medium, replaces, by);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** Removes a file where it still has the content `replaces`; else answers theirs. */
  remove(file: string, replaces: string, by: string | null): Promise<OpsDraftSaveOutcome> {
    return this.write(file, { hash: null }, replaces, by);
  }

  /** Writes several files at once over what each replaces: all, or none (false; draft-batch.ts). */
  writeAll(changes: BatchChange[], by: string | null): Promise<boolean> {
    return writeBatch(this.deps, changes, by);
  }

  /** Forgets every change of the draft. */
  discard(): Promise<void> {
    return this.deps.store.transaction((repos) => repos.drafts.discard());
  }

  /** The checks of `content:check` on the draft, with the problems by station. */
  async check(): Promise<OpsDraftCheck> {
    const state = await this.state();
    return this.withFolder(state, async (dir) => {
      const check = await this.deps.library.check(dir);
      return groupProblems(dir, check.errors, check.warnings);
    });
  }

  /**
   * Stores the draft as a version once it passes the checks (not yet live): checked in this
   * instance's copy of the version's files, so the pack it loaded is the one the caller
   * releases as it is; then the caller `settle`s the draft.
   */
  async prepare(by: string | null, storyId: string): Promise<PreparedDraft> {
    const state = await this.state();
    const files = entriesOf(state);
    const digest = packDigest(files);
    const dir = await this.deps.library.folder({ digest, files });
    const check = await this.deps.library.check(dir);
    const { pack, errors, warnings } = check;
    if (!pack) return { ok: false, check: await groupProblems(dir, errors, warnings) };
    if (pack.id !== storyId) {
      const message = `id is "${pack.id}": this server plays "${storyId}"`;
      return { ok: false, check: await groupProblems(dir, [{ file: "game.yaml", message }], []) };
    }
    const createdAt = this.deps.clock.now().toISOString();
    const { version } = await this.deps.store.transaction((repos) =>
      repos.packs.saveListed({ digest, files, source: "studio", author: by, createdAt }),
    );
    const published = [...state.changes.values()];
    return { ok: true, version, pack, warnings, published };
  }

  /** After `prepared` went live: the draft starts from it, keeping changes made meanwhile. */
  async settle(prepared: PreparedDraft & { ok: true }): Promise<void> {
    await this.deps.store.transaction(async (repos) => {
      await repos.drafts.settle(prepared.published);
      await repos.drafts.rebase(prepared.version.id);
    });
  }

  private async write(
    file: string,
    content: ReceivedMedium | { hash: null },
    replaces: string | null,
    by: string | null,
  ): Promise<OpsDraftSaveOutcome> {
    const at = this.deps.clock.now().toISOString();
    const written = await this.deps.store.transaction(async (repos) => {
      const live = await repos.packs.live();
      if (!live) throw new ServiceError(409, "no version of the pack is live yet");
      const base = await repos.packs.byId(await repos.drafts.start(live.id));
      if (!base) throw new Error("the draft's version is missing");
      const entry = await repos.drafts.file(file);
      const original = base.files.find((f) => f.path === file)?.hash ?? null;
      const current = entry ? entry.hash : original;
      if (current !== replaces) return false;
      if (content.hash !== null) {
        const clash = pathClash(file, base.files, await repos.drafts.files());
        if (clash !== undefined) throw new ServiceError(422, clash);
        await storeBlob(repos, content);
      }
      if (content.hash === original) {
        return entry === undefined || repos.drafts.revert(file, entry.hash);
      }
      const change = { path: file, hash: content.hash, updatedAt: at, updatedBy: by };
      return repos.drafts.write(change, entry === undefined ? undefined : entry.hash);
    });
    const state = await this.state();
    const now = listFiles(state).find((f) => f.path === file);
    if (written) return { ok: true, file: now ?? gone(file) };
    // A medium's conflict names who saved it when; its bytes are no text to compare.
    if (!TEXT_FILES.test(file)) {
      return {
        ok: false,
        theirs: { path: file, ...currentOf(state, file), text: "" },
        changes: [],
      };
    }
    const theirs = await this.textOf(file, currentOf(state, file));
    const started = await this.textOfHash(replaces);
    return { ok: false, theirs, changes: textHunks(started, theirs.text) };
  }

  /** The text stored under `hash`; empty for none or a hash never stored. */
  private async textOfHash(hash: string | null): Promise<string> {
    if (hash === null || !/^[0-9a-f]{64}$/.test(hash)) return "";
    if ((await this.deps.store.repos.packs.blobSize(hash)) === undefined) return "";
    return readFile(await this.deps.library.blobFile(hash), "utf8");
  }

  private async textOf(
    file: string,
    current: { hash: string | null; by: string | null; at: string | null },
  ): Promise<OpsDraftText> {
    const text =
      current.hash === null
        ? ""
        : await readFile(await this.deps.library.blobFile(current.hash), "utf8");
    return { path: file, ...current, text };
  }

  /** The draft as stored: its base version, the live one and its changes. */
  async state(): Promise<DraftState> {
    return this.deps.store.transaction(async (repos) => {
      const live = await repos.packs.live();
      if (!live) throw new ServiceError(409, "no version of the pack is live yet");
      const baseId = await repos.drafts.base();
      const base = baseId === undefined ? live : await repos.packs.byId(baseId);
      if (!base) throw new Error("the draft's version is missing");
      const changes = new Map<string, DraftFile>();
      if (baseId !== undefined) {
        for (const change of await repos.drafts.files()) changes.set(change.path, change);
      }
      return { base, live, changes };
    });
  }

  /**
   * Writes the draft's files into `dir` (links into this instance's blob cache) for a preview;
   * the digest of those files.
   */
  async stage(dir: string): Promise<string> {
    const files = entriesOf(await this.state());
    await writeFolder(dir, files, this.deps.library);
    return packDigest(files);
  }

  /** Runs `use` on a folder with the draft's files, removed afterwards. */
  private async withFolder<T>(state: DraftState, use: (dir: string) => Promise<T>): Promise<T> {
    const dir = path.join(this.deps.cacheDir, "drafts", randomUUID());
    try {
      await writeFolder(dir, entriesOf(state), this.deps.library);
      return await use(dir);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}

/** A file the draft added and then removed: no longer among its files. */
function gone(file: string): OpsDraftFile {
  return { path: file, hash: null, size: 0, state: "removed", by: null, at: null };
}

function textOnly(file: string): void {
  if (!TEXT_FILES.test(file)) {
    throw new ServiceError(415, "the studio edits yaml, ink, md, txt and json files as text");
  }
}
