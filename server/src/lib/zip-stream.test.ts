import { buffer } from "node:stream/consumers";
import { setTimeout as sleep } from "node:timers/promises";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { zipStream } from "./zip-stream";

const text = (value: string) => new TextEncoder().encode(value);

describe("zipStream", () => {
  it("streams the files as they are added, deflated or stored", async () => {
    const zip = zipStream(async (writer) => {
      await writer.add("a/eins.txt", [text("eins "), text("zwei")]);
      await writer.add(
        "b/bild.png",
        (async function* () {
          yield new Uint8Array([1, 2, 3]);
          yield new Uint8Array([4]);
        })(),
        0,
      );
    });
    const files = unzipSync(new Uint8Array(await buffer(zip)));
    expect(Object.keys(files)).toEqual(["a/eins.txt", "b/bild.png"]);
    expect(strFromU8(files["a/eins.txt"] ?? new Uint8Array())).toBe("eins zwei");
    expect([...(files["b/bild.png"] ?? [])]).toEqual([1, 2, 3, 4]);
  });

  it("fails the stream where the writing fails", async () => {
    const zip = zipStream(async (writer) => {
      await writer.add("a.txt", [text("a")]);
      throw new Error("the blob is gone");
    });
    await expect(buffer(zip)).rejects.toThrow("the blob is gone");
  });

  it("stops reading a file's chunks once its reader has gone", async () => {
    let read = 0;
    const zip = zipStream(async (writer) => {
      await writer.add(
        "gross.bin",
        (function* () {
          for (; read < 10_000; read++) yield new Uint8Array(64 * 1024).fill(read % 256);
        })(),
        0,
      );
    });
    await new Promise<void>((resolve) => zip.once("data", () => resolve()));
    zip.destroy();
    await sleep(50);
    const stopped = read;
    await sleep(50);
    expect(read).toBe(stopped);
    expect(read).toBeLessThan(100);
  });
});
