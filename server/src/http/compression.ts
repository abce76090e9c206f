import fastifyCompress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

/**
 * Compresses the answers of `app`'s routes (those of its plugin, not of its siblings) with brotli or
 * gzip, as the client's Accept-Encoding asks, once they reach 1 KB (smaller ones would barely
 * shrink), and adds `Vary: Accept-Encoding` to those. Brotli runs at quality 4: the best ratio
 * for its time on a busy server. Request bodies are not decompressed: the API takes plain JSON.
 *
 * The event stream is never touched: its route hijacks the reply and writes to the socket
 * itself, so no compression buffers an event. Partial content (206) stays uncompressed too.
 * The web app's files come precompressed from the build instead (http/static.ts).
 */
export async function compressAnswers(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    encodings: ["br", "gzip"],
    threshold: 1024,
    globalDecompression: false,
  });
}
