/**
 * An event stream over a plain TCP socket: the load client's way to hold thousands of them
 * cheaply. It writes the GET by hand and reads the HTTP/1.1 response itself: the status line,
 * the headers, then the chunked body, handing the text on as it arrives. node:http's client
 * costs several times as much per stream, and that would measure the client, not the server.
 */
import { connect } from "node:net";
import type { Socket } from "node:net";
import { StringDecoder } from "node:string_decoder";

export type RawStreamHandlers = {
  /** The response's status code, once its head is read. */
  status(code: number): void;
  /** Body text, decoded from UTF-8 across chunk boundaries. */
  text(chunk: string): void;
  /** The connection ended or broke (after `status` or not). */
  closed(error?: string): void;
};

const HEAD_END = Buffer.from("\r\n\r\n");
const LINE_END = Buffer.from("\r\n");

/**
 * `localAddress`: a loopback address of the worker's own (127.0.0.x). Thousands of sockets from
 * one address to one port make the kernel search long for a free source port on every
 * connect; real players come from many addresses.
 */
export function openRawStream(
  target: { host: string; port: number; localAddress: string },
  path: string,
  handlers: RawStreamHandlers,
  /** More request headers (`Authorization: Bearer …` for the console's stream). */
  headers: Record<string, string> = {},
): Socket {
  const { host, port, localAddress } = target;
  const socket = connect({ host, port, localAddress });
  socket.setNoDelay(true);
  socket.write(
    `GET ${path} HTTP/1.1\r\nHost: ${host}:${port}\r\nAccept: text/event-stream\r\n` +
      Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join("") +
      "\r\n",
  );
  const decoder = new StringDecoder("utf8");
  let pending: Buffer = Buffer.alloc(0);
  let inHead = true;
  /** Bytes of the current chunk still to come; -1 while its size line is read. */
  let chunkLeft = -1;
  let done = false;
  const finish = (error?: string) => {
    if (done) return;
    done = true;
    handlers.closed(error);
  };

  socket.on("data", (data: Buffer) => {
    pending = pending.length === 0 ? data : Buffer.concat([pending, data]);
    if (inHead) {
      const end = pending.indexOf(HEAD_END);
      if (end === -1) return;
      const statusLine = pending.toString("latin1", 0, pending.indexOf(LINE_END));
      handlers.status(Number(statusLine.split(" ")[1]));
      pending = pending.subarray(end + HEAD_END.length);
      inHead = false;
    }
    let text = "";
    for (;;) {
      if (chunkLeft === -1) {
        const end = pending.indexOf(LINE_END);
        if (end === -1) break;
        chunkLeft = parseInt(pending.toString("latin1", 0, end), 16);
        pending = pending.subarray(end + LINE_END.length);
        if (chunkLeft === 0) {
          socket.end();
          break;
        }
      }
      if (pending.length < chunkLeft + LINE_END.length) {
        // Hand on what there is of the chunk; the rest comes with the next data.
        if (pending.length > 0 && pending.length <= chunkLeft) {
          text += decoder.write(pending);
          chunkLeft -= pending.length;
          pending = Buffer.alloc(0);
        }
        break;
      }
      text += decoder.write(pending.subarray(0, chunkLeft));
      pending = pending.subarray(chunkLeft + LINE_END.length);
      chunkLeft = -1;
    }
    if (text !== "") handlers.text(text);
  });
  socket.on("error", (error: NodeJS.ErrnoException) => finish(error.code ?? error.message));
  socket.on("close", () => finish());
  return socket;
}
