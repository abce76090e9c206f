import type { FastifyReply } from "fastify";
import type { SseSink } from "../events/stream-hub";

/**
 * Takes the answer over from Fastify as an event stream (the headers set so far, the security
 * headers among them, go along) and returns where its text goes.
 */
export function openSseReply(reply: FastifyReply): SseSink {
  reply.hijack();
  const headers = Object.entries(reply.getHeaders()).filter(([, value]) => value !== undefined);
  const response = reply.raw;
  response.writeHead(200, {
    ...Object.fromEntries(headers),
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-store",
    // nginx would otherwise buffer the stream and hold events back.
    "x-accel-buffering": "no",
  });
  return {
    write: (chunk) => void response.write(chunk),
    end: () => response.end(),
    abort: () => response.destroy(),
    buffered: () => response.writableLength,
  };
}
