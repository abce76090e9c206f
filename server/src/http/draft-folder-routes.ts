import {
  opsFolderCreated,
  opsFolderRemoved,
  opsStationCopyRequest,
  opsStationRemoveQuery,
  opsStoryCreate,
  opsStoryRemoveQuery,
} from "@wegmarke/protocol";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { ServiceError } from "../errors";
import { DraftFolders } from "../studio/draft-folders";
import { PackForms } from "../studio/forms/pack-forms";
import { doc } from "./api-docs/describe";
import type { DraftFileDeps } from "./draft-file-routes";
import { parse } from "./parse";

/** What a folder's removal answers when its yaml changed since the author saw it. */
const STALE = "409 with the reason when the yaml named by `replaces` changed meanwhile.";

/**
 * Whole folders of the draft at `/api/ops/pack/draft`: a station removed or copied, a new
 * story, a story removed. Only the draft changes; a publish makes it live.
 */
export function draftFolderRoutes({ drafts, author, record }: DraftFileDeps): FastifyPluginAsync {
  const folders = new DraftFolders(drafts, new PackForms(drafts));

  /** Removes a folder, the audit line saying so; a refused removal is recorded as refused. */
  const remove = async (
    request: FastifyRequest,
    kind: "station" | "story",
    folder: string,
    replaces: string,
  ) => {
    const action = `pack.draft.${kind}.remove`;
    try {
      const removed = await folders.remove(kind, folder, replaces, author(request));
      await record(request, action, folder);
      return removed;
    } catch (error) {
      if (error instanceof ServiceError && error.status === 409) {
        await record(request, action, `${folder} refused: changed`);
      }
      throw error;
    }
  };

  return async (app) => {
    app.delete(
      "/station",
      {
        config: {
          role: "author",
          docs: doc("studio", "Remove a station's folder from the draft", {
            description: STALE,
            query: opsStationRemoveQuery,
            response: opsFolderRemoved,
          }),
        },
      },
      async (request) => {
        const { folder, replaces } = parse(opsStationRemoveQuery, request.query, "query");
        return remove(request, "station", folder, replaces);
      },
    );

    app.post(
      "/station/copy",
      {
        config: {
          role: "author",
          docs: doc("studio", "A copy of a station with the next number (201)", {
            body: opsStationCopyRequest,
            response: opsFolderCreated,
          }),
        },
      },
      async (request, reply) => {
        const { folder } = parse(opsStationCopyRequest, request.body);
        const created = await folders.copyStation(folder, author(request));
        await record(request, "pack.draft.station.copy", `${folder} → ${created.folder}`);
        return reply.code(201).send(created);
      },
    );

    app.post(
      "/stories",
      {
        config: {
          role: "author",
          docs: doc("studio", "A new story (201)", {
            body: opsStoryCreate,
            response: opsFolderCreated,
          }),
        },
      },
      async (request, reply) => {
        const { title } = parse(opsStoryCreate, request.body);
        const created = await folders.createStory(title, author(request));
        await record(request, "pack.draft.story", created.folder);
        return reply.code(201).send(created);
      },
    );

    app.delete(
      "/story",
      {
        config: {
          role: "author",
          docs: doc("studio", "Remove a story's folder from the draft", {
            description: STALE,
            query: opsStoryRemoveQuery,
            response: opsFolderRemoved,
          }),
        },
      },
      async (request) => {
        const { folder, replaces } = parse(opsStoryRemoveQuery, request.query, "query");
        return remove(request, "story", folder, replaces);
      },
    );
  };
}
