import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { LINK_MINUTES, SignedLinks } from "./signed-links";

const NOW = new Date("2026-11-27T10:00:00Z");

function parts(link: string) {
  const url = new URL(link, "http://localhost");
  return {
    path: url.pathname,
    expires: Number(url.searchParams.get("expires")),
    signature: url.searchParams.get("signature") ?? "",
  };
}

describe("a submission's signed link", () => {
  const secret = randomBytes(32);
  const links = new SignedLinks(secret);

  it("works for ten minutes, on every instance of the same secret", () => {
    const { path, expires, signature } = parts(links.link(12, "file", NOW));
    expect(path).toBe("/api/submissions/12/file");
    expect(expires).toBe(NOW.getTime() / 60_000 + LINK_MINUTES);
    const other = new SignedLinks(Buffer.from(secret));
    const later = new Date(NOW.getTime() + LINK_MINUTES * 60_000);
    expect(other.valid(12, "file", expires, signature, later)).toBe(true);
    expect(other.valid(12, "file", expires, signature, new Date(later.getTime() + 1000))).toBe(
      false,
    );
  });

  it("lies below a preview's path in the studio's preview", () => {
    const link = new SignedLinks(secret, "/preview/abc123").link(12, "file", NOW);
    expect(parts(link).path).toBe("/preview/abc123/api/submissions/12/file");
  });

  it("opens only the file and submission it was made for, with its own time", () => {
    const { expires, signature } = parts(links.link(12, "thumb", NOW));
    expect(links.valid(12, "thumb", expires, signature, NOW)).toBe(true);
    expect(links.valid(13, "thumb", expires, signature, NOW)).toBe(false);
    expect(links.valid(12, "file", expires, signature, NOW)).toBe(false);
    expect(links.valid(12, "thumb", expires + 60, signature, NOW)).toBe(false);
    expect(new SignedLinks(randomBytes(32)).valid(12, "thumb", expires, signature, NOW)).toBe(
      false,
    );
  });

  it("opens nothing in another game of the same secret: the live game's and a preview's", () => {
    const preview = new SignedLinks(secret, "/preview/abc123");
    const other = new SignedLinks(secret, "/preview/def456");
    const made = parts(preview.link(1, "file", NOW));
    expect(preview.valid(1, "file", made.expires, made.signature, NOW)).toBe(true);
    expect(links.valid(1, "file", made.expires, made.signature, NOW)).toBe(false);
    expect(other.valid(1, "file", made.expires, made.signature, NOW)).toBe(false);
    const live = parts(links.link(1, "file", NOW));
    expect(preview.valid(1, "file", live.expires, live.signature, NOW)).toBe(false);
  });
});
