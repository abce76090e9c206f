import { describe, expect, it } from "vitest";
import { blobToBase64 } from "./blob-base64";

describe("blobToBase64", () => {
  it("gives a file's bytes in base64, without the data URL's prefix", async () => {
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00])], "photo.jpg", {
      type: "image/jpeg",
    });
    expect(await blobToBase64(file)).toBe(btoa("\xff\xd8\xff\xe0\x00"));
  });

  it("reads a file of any type", async () => {
    expect(await blobToBase64(new Blob(["Hallo"]))).toBe("SGFsbG8=");
  });
});
