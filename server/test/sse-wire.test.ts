import { connect } from "node:net";
import type { Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api } from "./support/api";
import { startApp, tempDir } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/**
 * The event stream's bytes as a client reads them off the socket: the stream writes its events
 * to the socket itself, after the response's headers, so the framing is checked here.
 */

const TOKEN = "wire-token-".padEnd(48, "w");
const NEWS = { de: "Der Turm schließt um 18 Uhr – Grüße", en: "The tower closes at 6" };

let app: TestApp;
let api: Api;
let dir: { dir: string; remove(): Promise<void> };
let closed = false;

beforeAll(async () => {
  dir = await tempDir();
  app = await startApp({ dbFile: `${dir.dir}/db.sqlite`, config: { operatorToken: TOKEN } });
  api = new Api(app.url);
});

afterAll(async () => {
  if (!closed) await app.close();
  await dir.remove();
});

/** A raw connection that sent one request and collects what comes back. */
function request(line: string, headers: string): { socket: Socket; bytes: () => Buffer } {
  const socket = connect({ host: "127.0.0.1", port: Number(new URL(app.url).port) });
  const received: Buffer[] = [];
  socket.on("data", (chunk: Buffer) => received.push(chunk));
  socket.on("error", () => undefined);
  socket.write(`${line}\r\nHost: x\r\n${headers}\r\n`);
  return { socket, bytes: () => Buffer.concat(received) };
}

/** Waits until `done` holds for what the connection received. */
async function until(bytes: () => Buffer, done: (received: Buffer) => boolean): Promise<Buffer> {
  for (let i = 0; i < 500; i++) {
    if (done(bytes())) return bytes();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`gave up waiting; received ${JSON.stringify(bytes().toString())}`);
}

/** Splits an HTTP/1.1 message into its head and its body's chunks; `ended` after the last chunk. */
function dechunk(message: Buffer): { head: string; chunks: string[]; ended: boolean } {
  const headEnd = message.indexOf("\r\n\r\n");
  const head = message.subarray(0, headEnd).toString();
  const chunks: string[] = [];
  let at = headEnd + 4;
  for (;;) {
    const lineEnd = message.indexOf("\r\n", at);
    if (lineEnd < 0) return { head, chunks, ended: false };
    const size = Number.parseInt(message.subarray(at, lineEnd).toString(), 16);
    expect(Number.isNaN(size)).toBe(false);
    if (size === 0) return { head, chunks, ended: true };
    const data = message.subarray(lineEnd + 2, lineEnd + 2 + size);
    if (data.length < size) return { head, chunks, ended: false };
    expect(message.subarray(lineEnd + 2 + size, lineEnd + 4 + size).toString()).toBe("\r\n");
    chunks.push(data.toString());
    at = lineEnd + 4 + size;
  }
}

const newsSent = (body: string) => body.includes("Grüße");

describe("the event stream on the wire", () => {
  it("frames every write as one chunk (HTTP/1.1), sends the bytes as they are to HTTP/1.0, nothing to HEAD, and ends with the last chunk", async () => {
    const hash = await api.optin();
    const path = `/api/game/events?hash=${hash}`;
    const modern = request(`GET ${path} HTTP/1.1`, "");
    const old = request(`GET ${path} HTTP/1.0`, "");
    const head = request(`HEAD ${path} HTTP/1.1`, "");
    await until(modern.bytes, (bytes) => dechunk(bytes).chunks.join("").includes("playerstatus"));
    await until(old.bytes, (bytes) => bytes.toString().includes("playerstatus"));
    await until(head.bytes, (bytes) => bytes.includes("\r\n\r\n"));

    const response = await fetch(`${app.url}/api/ops/news`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ text: NEWS }),
    });
    expect(response.status).toBe(200);
    await until(modern.bytes, (bytes) => newsSent(dechunk(bytes).chunks.join("")));
    await until(old.bytes, (bytes) => newsSent(bytes.toString()));

    // Shutdown ends each stream with a reconnect hint.
    await app.close();
    closed = true;
    const message = dechunk(await until(modern.bytes, (bytes) => dechunk(bytes).ended));
    expect(message.head).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(message.head).toMatch(/\r\ntransfer-encoding: chunked/i);
    expect(message.head).toMatch(/\r\ncontent-type: text\/event-stream/i);
    const body = message.chunks.join("");
    expect(body).toMatch(/^retry: 3000\n\nevent: playerstatus\ndata: .*\n\n/);
    expect(body).toMatch(/\n\nevent: news\ndata: .*Grüße.*\n\nretry: 3000\n\n$/);

    const plain = (await until(old.bytes, (bytes) => bytes.toString().endsWith("retry: 3000\n\n")))
      .toString()
      .split("\r\n\r\n");
    expect(plain[0]).not.toMatch(/transfer-encoding/i);
    expect(plain[0]).toMatch(/\r\nconnection: close/i);
    expect(plain.slice(1).join("\r\n\r\n")).toBe(body);

    const headAnswer = head.bytes().toString();
    expect(headAnswer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(headAnswer.indexOf("\r\n\r\n")).toBe(headAnswer.length - 4);
    for (const connection of [modern, old, head]) connection.socket.destroy();
  });
});
