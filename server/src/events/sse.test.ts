import { describe, expect, it } from "vitest";
import { chunkText, httpChunk, sharedChunk, sseEvent, sseKeepAlive, sseRetry } from "./sse";

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
    const chunk = sharedChunk("event: news\ndata: {}\n\n");
    expect(chunk.bytes.toString()).toBe("event: news\ndata: {}\n\n");
    expect(chunk.framed.toString()).toBe("16\r\nevent: news\ndata: {}\n\n\r\n");
    expect(chunkText(chunk)).toBe(chunk.text);
    expect(chunkText("x")).toBe("x");
  });
});
