import { describe, expect, it } from "vitest";
import {
  chunkText,
  consoleEvent,
  httpChunk,
  joinText,
  serverEvent,
  sharedChunk,
  sseEvent,
  sseKeepAlive,
  sseRetry,
  withLogged,
} from "./sse";

describe("SSE blocks", () => {
  it("writes id, event and data, ended by a blank line", () => {
    expect(sseEvent("webtext", '{"a":1}', 7)).toBe('id: 7\nevent: webtext\ndata: {"a":1}\n\n');
  });

  it("leaves the id out when there is none", () => {
    expect(sseEvent("playerstatus", "{}")).toBe("event: playerstatus\ndata: {}\n\n");
  });

  it("splits data with line breaks into several data lines", () => {
    expect(sseEvent("x", "a\nb")).toBe("event: x\ndata: a\ndata: b\n\n");
  });

  it("writes the retry hint and the keep-alive comment", () => {
    expect(sseRetry()).toBe("retry: 3000\n\n");
    expect(sseKeepAlive).toBe(": keep-alive\n\n");
  });

  it("frames text as one HTTP chunk by its length in bytes, not characters", () => {
    expect(httpChunk("data: ä\n\n")).toBe("a\r\ndata: ä\n\n\r\n");
  });

  it("encodes a shared chunk once, plain and framed", () => {
    const chunk = sharedChunk(sseEvent("news", "{}"));
    expect(chunk.bytes.toString()).toBe("event: news\ndata: {}\n\n");
    expect(chunk.framed.toString()).toBe("16\r\nevent: news\ndata: {}\n\n\r\n");
    expect(chunkText(chunk)).toBe(chunk.text);
    expect(chunkText(sseKeepAlive)).toBe(sseKeepAlive);
  });

  it("writes a typed event as its name and its payload's JSON, without an id", () => {
    expect(serverEvent("news", { News: [], Keep: [3] })).toBe(
      'event: news\ndata: {"News":[],"Keep":[3]}\n\n',
    );
    expect(serverEvent("error", { Text: "a\nb" })).toBe('event: error\ndata: {"Text":"a\\nb"}\n\n');
    expect(consoleEvent("recent", { activity: [] })).toBe(
      'event: recent\ndata: {"activity":[]}\n\n',
    );
  });

  it("writes logged rows with their ids between a head and a tail", () => {
    const rows = [
      { seq: 4, type: "webtext", payload: '{"Text":"a"}' },
      { seq: 5, type: "answer-expected", payload: '{"StationID":1}' },
    ];
    const text = withLogged(sseRetry(), rows, joinText([sseKeepAlive, sseKeepAlive]));
    expect(text).toBe(
      "retry: 3000\n\n" +
        'id: 4\nevent: webtext\ndata: {"Text":"a"}\n\n' +
        'id: 5\nevent: answer-expected\ndata: {"StationID":1}\n\n' +
        ": keep-alive\n\n: keep-alive\n\n",
    );
    expect(withLogged(joinText([]), [], joinText([]))).toBe("");
  });
});
