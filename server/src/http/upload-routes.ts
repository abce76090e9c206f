import { randomBytes } from "node:crypto";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { ErrorReason, SUBMISSION_HEADER, uploadMetadataSchema } from "@wegmarke/protocol";
import type { UploadMetadata } from "@wegmarke/protocol";
import { FileStore } from "@tus/file-store";
import { Server } from "@tus/server";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { AccountService, Player } from "../accounts/account-service";
import { ServiceError } from "../errors";
import type { SubmissionService, Sender } from "../missions/submission-service";
import { streamOf } from "../participants/participant";
import { HANDED_ON, handOn } from "./hand-on";
import { parse } from "./parse";

/** An upload not finished within a day is abandoned: its piece goes. */
const UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;

export type UploadDeps = {
  /** Where uploads under way wait (decisions/039). */
  dir: string;
  /** The path before every route (a preview's `/preview/<id>`; "" otherwise). */
  base: string;
  /** This instance's id: an upload's id begins with the instance that keeps its pieces. */
  instance: string;
  /** Where another instance is reached (its presence report); undefined when unknown. */
  addressOf: (instance: string) => string | undefined;
  /** In a team, the member's name (the thread names who sent it). */
  nameOf: (player: Player) => Promise<string | undefined>;
};

/**
 * A mission's file, uploaded in resumable pieces (tus, decisions/039), mounted at
 * `/api/game/uploads`: `Authorization: Bearer <auth token>` on every request. The creation
 * names the station and the kind in `Upload-Metadata`, and is refused unless the station waits
 * for that kind and the limits hold; only its sender may go on with an upload. The last piece
 * makes the submission, whose id comes back in `Wegmarke-Submission`.
 */
export function uploadRoutes(
  accounts: AccountService,
  submissions: SubmissionService,
  { dir, base, instance, addressOf, nameOf }: UploadDeps,
): FastifyPluginAsync {
  return async (app) => {
    // Made here, so that a folder the server may not write stops the start with its reason.
    await mkdir(dir, { recursive: true });
    const senders = new WeakMap<object, Sender>();
    const datastore = new FileStore({
      directory: dir,
      expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS,
    });
    const tus = new Server({
      path: `${app.prefix}/uploads`,
      datastore,
      // Named by this instance: another one hands the upload's calls on here.
      namingFunction: () => `${instance}_${randomBytes(16).toString("hex")}`,
      // Where the phone sends the pieces: below the base it came through.
      generateUrl: (_request, { path, id }) => `${base}${path}/${id}`,
      maxSize: submissions.maxBytes,
      exposedHeaders: [SUBMISSION_HEADER],
      onUploadFinish: async (req, upload) => {
        const node = req.runtime?.node?.req;
        const sender = node && senders.get(node);
        try {
          if (!sender) throw new ServiceError(403, ErrorReason.invalidHash);
          const meta = parse(uploadMetadataSchema, upload.metadata, "metadata");
          const file = join(dir, upload.id);
          const id = await submissions.receive(sender, meta, { id: upload.id, file });
          return { headers: { [SUBMISSION_HEADER]: id } };
        } catch (error) {
          if (!(error instanceof ServiceError)) throw error;
          // The tus server answers a thrown status and body as they are.
          throw { status_code: error.status, body: error.reason };
        } finally {
          // A finished upload is a submission, or refused for good: its piece goes either way.
          await datastore.remove(upload.id).catch(() => undefined);
        }
      },
    });
    const sweep = setInterval(() => void tus.cleanUpExpiredUploads().catch(() => 0), 3600_000);
    sweep.unref();
    app.addHook("onClose", async () => clearInterval(sweep));

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
      if (request.method === "POST") await allowCreation(request, sender);
      else await requireOwner(request, player);
      senders.set(request.raw, sender);
      reply.hijack();
      await tus.handle(request.raw, reply.raw);
    };

    /**
     * An upload another instance keeps (several on one PostgreSQL): its calls go there as they
     * came, the pieces streamed through; one that instance handed on, or of an instance gone,
     * is unknown here.
     */
    const handedOn = (request: FastifyRequest, reply: FastifyReply): boolean => {
      const { id } = request.params as { id?: string };
      const keeper = id?.slice(0, id.indexOf("_"));
      if (id === undefined || keeper === undefined || keeper === instance) return false;
      const address = request.headers[HANDED_ON] === undefined ? addressOf(keeper) : undefined;
      if (address === undefined) throw new ServiceError(404, ErrorReason.submissionUnavailable);
      reply.hijack();
      handOn(address, request.raw, reply.raw, "the instance of this upload cannot be reached");
      return true;
    };

    const allowCreation = async (request: FastifyRequest, sender: Sender) => {
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
      // What the upload keeps: the checked station and kind, and whose it is.
      const metadata = encodeMetadata({ ...checked(meta), player: String(sender.playerId) });
      setHeader(request, "upload-metadata", metadata);
    };

    const requireOwner = async (request: FastifyRequest, player: Player) => {
      const { id } = request.params as { id: string };
      const upload = await datastore.getUpload(id).catch(() => undefined);
      if (upload?.metadata?.player !== String(player.id)) {
        throw new ServiceError(404, ErrorReason.submissionUnavailable);
      }
    };

    // A preflight (another origin, CORS_ORIGINS) is answered by the CORS plugin before these.
    app.post("/uploads", hand);
    app.route({ method: ["PATCH", "HEAD", "DELETE"], url: "/uploads/:id", handler: hand });
  };
}

/** The call's auth token: `Authorization: Bearer <token>`. */
function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith("Bearer ") ? header.slice("Bearer ".length) : undefined;
}

/** Changes a header before the tus server reads it (from either of Node's two lists). */
function setHeader(request: FastifyRequest, name: string, value: string): void {
  const { raw } = request;
  raw.headers[name] = value;
  for (let i = 0; i < raw.rawHeaders.length; i += 2) {
    if (raw.rawHeaders[i]?.toLowerCase() === name) raw.rawHeaders[i + 1] = value;
  }
}

function checked(meta: UploadMetadata): Record<string, string> {
  return {
    station: String(meta.station),
    kind: meta.kind,
    ...(meta.filename !== undefined && { filename: meta.filename }),
    ...(meta.filetype !== undefined && { filetype: meta.filetype }),
  };
}

/** tus' `Upload-Metadata`: `key base64,key base64`; a key without a value is empty. */
function decodeMetadata(header: string | string[] | undefined): Record<string, string> {
  if (typeof header !== "string") return {};
  const pairs = header.split(",").map((pair) => pair.trim().split(" "));
  return Object.fromEntries(
    pairs.map(([key = "", value = ""]) => [key, Buffer.from(value, "base64").toString("utf8")]),
  );
}

function encodeMetadata(values: Record<string, string>): string {
  return Object.entries(values)
    .map(([key, value]) => `${key} ${Buffer.from(value, "utf8").toString("base64")}`)
    .join(",");
}
