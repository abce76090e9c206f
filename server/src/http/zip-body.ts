import { Readable } from "node:stream";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ServiceError } from "../errors";
import { declaredLength } from "../packs/upload-file";

/** A zipped pack or game may be this large; media make most of it. */
export const ZIP_UPLOAD_LIMIT = 512 * 1024 * 1024;

/** Hands a zip's body on as the stream it is, to the routes of `app`: they write it to a file. */
export function acceptZips(app: FastifyInstance): void {
  app.addContentTypeParser(
    ["application/zip", "application/x-zip-compressed", "application/octet-stream"],
    (_request, body, done) => done(null, body),
  );
}

/** The request's zip, of at most ZIP_UPLOAD_LIMIT bytes; 415 naming `what` when it is none. */
export function zipUpload(
  request: FastifyRequest,
  what: string,
): { body: Readable; declared?: number; limit: number } {
  if (!(request.body instanceof Readable)) {
    throw new ServiceError(415, `send ${what} as a zip file (content-type application/zip)`);
  }
  const declared = declaredLength(request.headers["content-length"]);
  return {
    body: request.body,
    ...(declared !== undefined && { declared }),
    limit: ZIP_UPLOAD_LIMIT,
  };
}
