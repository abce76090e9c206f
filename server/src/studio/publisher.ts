import type { OpsDraftPublishOutcome } from "@wegmarke/protocol";
import type { PackLibrary } from "../packs/pack-library";
import { groupProblems } from "./check-groups";
import type { ContentReloader } from "./content-reload";
import type { PackDrafts } from "./pack-drafts";

/** Who publishes: their name (null for OPERATOR_TOKEN) and their entry in the audit log. */
export type Publishing = {
  by: string | null;
  record: (action: string, detail: string) => Promise<void>;
};

export type PublisherDeps = {
  drafts: PackDrafts;
  library: PackLibrary;
  /** Makes a version live here and on every instance (content-reload.ts). */
  releases: ContentReloader;
};

/**
 * The studio's publish (decisions/047): the draft checked once, in this instance's copy of the
 * version it becomes, stored, and that loaded pack made live here and on every other instance;
 * then the draft keeps only what changed meanwhile. Each outcome goes to the audit log.
 */
export class Publisher {
  constructor(private readonly deps: PublisherDeps) {}

  /** The version it made live, with the check's warnings; or the problems that refused it. */
  async publish({ by, record }: Publishing): Promise<OpsDraftPublishOutcome> {
    const { drafts, library, releases } = this.deps;
    const prepared = await drafts.prepare(by, releases.storyId);
    if (!prepared.ok) {
      await record("pack.draft.publish", "refused by the check");
      return prepared;
    }
    const released = await releases.releaseLoaded(prepared, by);
    if (!released.ok) {
      await record("pack.draft.publish", `version ${prepared.version.id} refused`);
      return { ok: false, check: await groupProblems("", released.problems, []) };
    }
    await drafts.settle(prepared);
    await record("pack.draft.publish", `version ${prepared.version.id}`);
    const [version] = await library.listed([prepared.version]);
    if (!version) throw new Error(`version ${prepared.version.id} not listed`);
    return { ok: true, version, warnings: prepared.warnings };
  }
}
