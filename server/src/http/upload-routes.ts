import { join } from "node:path";
import { ErrorReason, SUBMISSION_HEADER, uploadMetadataSchema } from "@wegmarke/protocol";
import { FileStore } from "@tus/file-store";
import { Server } from "@tus/server";
import type { Upload } from "@tus/server";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { AccountService, Player } from "../accounts/account-service";
import { ServiceError } from "../errors";
import { OpenUploads } from "../missions/open-uploads";
import type { OpenUploadCaps } from "../missions/open-uploads";
import type { SubmissionService, Sender } from "../missions/submission-service";
import {
  freeBytes,
  keeperOf,
  keptUploads,
  newUploadId,
  removeUpload,
} from "../missions/upload-folder";
import { streamOf } from "../participants/participant";
import type { AccountLimits } from "../security/limits";
import { HANDED_ON, handOn } from "./hand-on";
import { parse } from "./parse";
import { checked, decodeMetadata, encodeMetadata } from "./upload-metadata";
import { bearer, setHeader } from "./upload-headers";
import { doc, TUS } from "./api-docs/describe";

export type UploadDeps = {
  /** Where uploads under way wait (decisions/039). */
  dir: string;
  /** The path before every route (a preview's `/preview/<id>`; "" otherwise). */
  base: string;
  /** The name of `dir` (missions/upload-folder.ts): an upload's id begins with it. */
  keeper: string;
  /** Where the instance keeping the upload folder `keeper` is reached; undefined when unknown. */
  addressOf: (keeper: string) => string | undefined;
  /** In a team, the member's name (the thread names who sent it). */
  nameOf: (player: Player) => Promise<string | undefined>;
  limits: OpenUploadCaps &
    Pick<AccountLimits, "uploadDiskReserveBytes" | "uploadExpiryMs" | "uploadSweepMs">;
};

/**
 * A mission's file, uploaded in resumable pieces (tus, decisions/039), mounted at
 * `/api/game/uploads`: `Authorization: Bearer <auth token>` on every request. The creation
 * names the station and the kind in `Upload-Metadata`, and is refused unless the station waits
 * for that kind and the limits hold (a few unfinished uploads per player and address, room on
 * the disk); only its sender may go on with an upload. The last piece makes the submission,
 * whose id comes back in `Wegmarke-Submission`. A fault of the server's while it does answers
 * 503 `try again in a moment` and keeps the pieces: a `HEAD` of the whole upload (what a tus
 * client sends when it resumes) finishes it then. Ids name the folder, not the process, so an
 * upload goes on after a restart.
 */
export function uploadRoutes(
  accounts: AccountService,
  submissions: SubmissionService,
  { dir, base, keeper, addressOf, nameOf, limits }: UploadDeps,
): FastifyPluginAsync {
  return async (app) => {
    const senders = new WeakMap<object, Sender>();
    const created = new WeakMap<object, string>();
    const open = new OpenUploads(limits);
    /** Uploads whose submission is being made: another finish of one is answered 423. */
    const finishing = new Set<string>();
    const datastore = new FileStore({
      directory: dir,
      expirationPeriodInMilliseconds: limits.uploadExpiryMs,
    });

    /** An upload leaves the folder, and its player's count. */
    const forget = async (id: string) => {
      open.release(id);
      await removeUpload(dir, id);
    };

    /** The upload's submission; a refusal removes its pieces, a fault keeps them. */
    const finish = async (sender: Sender | undefined, upload: Upload): Promise<number> => {
      if (finishing.has(upload.id)) throw new ServiceError(423, ErrorReason.tryAgain);
      finishing.add(upload.id);
      try {
        if (!sender) throw new ServiceError(403, ErrorReason.invalidHash);
        const meta = parse(uploadMetadataSchema, upload.metadata, "metadata");
        const file = join(dir, upload.id);
        const id = await submissions.receive(sender, meta, { id: upload.id, file });
        await forget(upload.id);
        return id;
      } catch (error) {
        if (error instanceof ServiceError && error.status < 500) {
          await forget(upload.id);
          throw error;
        }
        app.log.error({ err: error }, "upload not finished, kept for another try");
        throw new ServiceError(503, ErrorReason.tryAgain);
      } finally {
        finishing.delete(upload.id);
      }
    };

    const tus = new Server({
      path: `${app.prefix}/uploads`,
      datastore,
      // Named by its folder: another instance hands the upload's calls on here.
      namingFunction: (req) => {
        const node = req.runtime?.node?.req;
        const id = node && created.get(node);
        if (id === undefined) throw new ServiceError(403, ErrorReason.invalidHash);
        return id;
      },
      // Where the phone sends the pieces: below the base it came through.
      generateUrl: (_request, { path, id }) => `${base}${path}/${id}`,
      maxSize: submissions.maxBytes,
      exposedHeaders: [SUBMISSION_HEADER],
      onUploadFinish: async (req, upload) => {
        const node = req.runtime?.node?.req;
        try {
          const id = await finish(node && senders.get(node), upload);
          return { headers: { [SUBMISSION_HEADER]: id } };
        } catch (error) {
          if (!(error instanceof ServiceError)) throw error;
          // The tus server answers a thrown status and body as they are.
          throw { status_code: error.status, body: error.reason };
        }
      },
      // Its refusals as they are; a fault (a full disk, a failed write) names nothing inside.
      onResponseError: (_req, error) => {
        if ("status_code" in error && error.status_code < 500) return undefined;
        if (!("status_code" in error)) app.log.error({ err: error }, "upload failed");
        return { status_code: 503, body: ErrorReason.tryAgain };
      },
    });

    /** Uploads past their time leave the folder, and pieces a crash or a full disk left. */
    const sweep = async () => {
      const before = Date.now() - limits.uploadExpiryMs;
      for (const upload of await keptUploads(dir)) {
        if (upload.createdAt < before && !finishing.has(upload.id)) await forget(upload.id);
      }
    };
    await sweep();
    for (const upload of await keptUploads(dir)) {
      if (upload.player !== undefined) open.restore(upload.id, upload.player, upload.size ?? 0);
    }
    const timer = setInterval(() => {
      sweep().catch((error: unknown) => app.log.error({ err: error }, "upload sweep failed"));
    }, limits.uploadSweepMs);
    timer.unref();
    app.addHook("onClose", async () => clearInterval(timer));

    // The pieces stream to the file as they come: Fastify leaves the body alone.
    app.addContentTypeParser("application/offset+octet-stream", (_request, _payload, done) => {
      done(null);
    });

    const hand = async (request: FastifyRequest, reply: FastifyReply) => {
      if (handedOn(request, reply)) return;
      const player = await accounts.authenticate(bearer(request));
      const sender: Sender = {
        playerId: player.id,
        teamId: player.teamId,
        stream: streamOf(player),
        name: await nameOf(player),
      };
      let id: string | undefined;
      if (request.method === "POST") {
        id = await allowCreation(request, sender);
        created.set(request.raw, id);
      } else {
        const upload = await requireOwner(request, player);
        id = upload.id;
        if (request.method === "HEAD" && upload.size === upload.offset) {
          return finishOnHead(reply, sender, upload);
        }
      }
      senders.set(request.raw, sender);
      reply.hijack();
      try {
        await tus.handle(request.raw, reply.raw);
      } finally {
        // A creation that failed, or a deletion, leaves the player's count.
        if (request.method !== "PATCH" && request.method !== "HEAD") {
          const kept = await datastore.getUpload(id).then(
            () => true,
            () => false,
          );
          if (!kept) open.release(id);
        }
      }
    };

    /**
     * A whole upload whose submission failed for a fault of the server's: the client's `HEAD`
     * as it resumes makes it. 423 while another call makes it, or when it fails again (a tus
     * client tries again later; a 5xx would make it start a new upload).
     */
    const finishOnHead = async (reply: FastifyReply, sender: Sender, upload: Upload) => {
      const id = await finish(sender, upload).catch((error: unknown) => {
        if (error instanceof ServiceError && error.status < 500) throw error;
        throw new ServiceError(423, ErrorReason.tryAgain);
      });
      const size = String(upload.size);
      return reply
        .header("tus-resumable", "1.0.0")
        .header("upload-offset", size)
        .header("upload-length", size)
        .header(SUBMISSION_HEADER, id)
        .code(200)
        .send();
    };

    /**
     * An upload another instance keeps (several on one PostgreSQL): its calls go there as they
     * came, the pieces streamed through; one that instance handed on, or of an instance gone,
     * is unknown here.
     */
    const handedOn = (request: FastifyRequest, reply: FastifyReply): boolean => {
      const { id } = request.params as { id?: string };
      if (id === undefined) return false;
      const owner = keeperOf(id);
      if (owner === keeper) return false;
      const address =
        owner !== undefined && request.headers[HANDED_ON] === undefined
          ? addressOf(owner)
          : undefined;
      if (address === undefined) throw new ServiceError(404, ErrorReason.submissionUnavailable);
      reply.hijack();
      handOn(address, request.raw, reply.raw, "the instance of this upload cannot be reached");
      return true;
    };

    /** Checks a creation and counts it for its player and address; returns its id. */
    const allowCreation = async (request: FastifyRequest, sender: Sender): Promise<string> => {
      const meta = parse(
        uploadMetadataSchema,
        decodeMetadata(request.headers["upload-metadata"]),
        "Upload-Metadata",
      );
      const size = Number(request.headers["upload-length"]);
      if (!Number.isSafeInteger(size) || size <= 0) {
        throw new ServiceError(400, "Upload-Length: expected the file's size in bytes");
      }
      await submissions.allowUpload(sender, meta, size);
      // The disk keeps room for what the unfinished uploads declared, and a reserve.
      const free = await freeBytes(dir);
      if (free - open.declared - size < limits.uploadDiskReserveBytes) {
        app.log.warn({ free, declared: open.declared }, "upload folder full: upload refused");
        throw new ServiceError(503, ErrorReason.tryAgain);
      }
      const id = newUploadId(keeper);
      open.admit(id, String(sender.playerId), request.ip, size);
      // What the upload keeps: the checked station and kind, and whose it is.
      const metadata = encodeMetadata({ ...checked(meta), player: String(sender.playerId) });
      setHeader(request, "upload-metadata", metadata);
      return id;
    };

    const requireOwner = async (request: FastifyRequest, player: Player): Promise<Upload> => {
      const { id } = request.params as { id: string };
      const upload = await datastore.getUpload(id).catch(() => undefined);
      if (!upload || upload.metadata?.player !== String(player.id)) {
        throw new ServiceError(404, ErrorReason.submissionUnavailable);
      }
      return upload;
    };

    // A preflight (another origin, CORS_ORIGINS) is answered by the CORS plugin before these.
    app.post(
      "/uploads",
      {
        config: {
          docs: doc("missions", "Start a mission's upload", {
            description: `${TUS} \`Upload-Metadata\` names the station and the file's type.`,
          }),
        },
      },
      hand,
    );
    app.route({
      method: ["PATCH", "HEAD", "DELETE"],
      url: "/uploads/:id",
      config: {
        docs: doc("missions", "An upload's pieces, offset, end", {
          description: `${TUS} Another instance's upload is handed on to it.`,
          body: { type: "application/offset+octet-stream" },
        }),
      },
      handler: hand,
    });
  };
}
