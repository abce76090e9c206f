import { Socket } from "node:net";
import type { FastifyReply } from "fastify";
import { httpChunk } from "../events/sse";
import type { SharedChunk, SseText } from "../events/sse";
import type { SseSink } from "../events/stream-hub";

/**
 * Security headers that govern documents (what a page may load, frame or open) and mean
 * nothing to an event stream: it leaves them out, and every open stream holds some 1.3 KB less.
 */
const DOCUMENT_HEADERS = new Set([
  "content-security-policy",
  "cross-origin-opener-policy",
  "origin-agent-cluster",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-frame-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
]);

/**
 * Takes the answer over from Fastify as an event stream (the headers set so far go along, but
 * those for documents) and returns where its text goes.
 *
 * The headers go out at once; after them every write goes straight to the socket, framed as
 * an HTTP/1.1 chunk when the response is chunked (else the body ends with the connection, as
 * for an HTTP/1.0 client such as nginx by default): one socket write per chunk, without the
 * response's framing, corking and next-tick flush, and a broadcast's bytes encoded once for
 * all streams. Ending goes through the response, which writes the last chunk after them.
 */
export function openSseReply(reply: FastifyReply): SseSink {
  reply.hijack();
  const headers = Object.entries(reply.getHeaders()).filter(
    ([name, value]) => value !== undefined && !DOCUMENT_HEADERS.has(name),
  );
  const response = reply.raw;
  // Helmet sets its headers on the raw response.
  for (const name of DOCUMENT_HEADERS) response.removeHeader(name);
  response.writeHead(200, {
    ...Object.fromEntries(headers),
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-store",
    // nginx would otherwise buffer the stream and hold events back.
    "x-accel-buffering": "no",
  });
  const ending = {
    end: () => response.end(),
    abort: () => response.destroy(),
    // What the response holds back (nothing once it has its socket) and the socket's unsent bytes.
    buffered: () => response.writableLength,
  };
  response.flushHeaders();
  const socket = response.socket;
  // A HEAD answer has no body; a request pipelined behind another has no socket yet, and an
  // injected one (Fastify's `inject`) a stand-in: they write through the response.
  if (reply.request.method === "HEAD" || !(socket instanceof Socket)) {
    return { ...ending, write: (chunk) => void response.write(bytesOf(chunk)) };
  }
  const chunked = response.chunkedEncoding;
  return {
    ...ending,
    write: (chunk) => {
      if (socket.destroyed || socket.writableEnded) return;
      if (typeof chunk !== "string") socket.write(chunked ? chunk.framed : chunk.bytes);
      // An empty chunk would end a chunked body.
      else if (chunk !== "") socket.write(chunked ? httpChunk(chunk) : chunk);
    },
  };
}

function bytesOf(chunk: SseText | SharedChunk): string | Buffer {
  return typeof chunk === "string" ? chunk : chunk.bytes;
}
