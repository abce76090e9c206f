import { screen, within } from "@testing-library/react";
import type { OpsPackVersion } from "@wegmarke/protocol";
import { describe, expect, it } from "vitest";
import { instance, overview } from "../../test/fixtures";
import { renderView } from "../../test/render";
import { Instances } from "./instances";

const version = (id: number, digest: string): OpsPackVersion => ({
  id,
  number: id,
  digest: digest.padEnd(64, "0"),
  source: "studio",
  author: "anna",
  createdAt: "2026-11-26T09:00:00Z",
  files: 78,
  bytes: 2_000_000,
  releasedAt: "2026-11-26T09:00:00Z",
  releasedBy: "anna",
  live: id === 2,
});

describe("the instances' versions", () => {
  it("names each instance's version by its number where the list knows its code", () => {
    renderView(<Instances versions={[version(2, "a1b2c3d4e5f6"), version(1, "ffeeddccbbaa")]} />, {
      live: {
        overview: overview({
          instances: [
            instance({ version: "a1b2c3d4e5f6" }),
            instance({ id: "b".repeat(36), host: "web-2", version: "0123456789ab" }),
          ],
        }),
      },
    });
    const table = screen.getByRole("table", { name: "Server instances" });
    const cells = within(table)
      .getAllByRole("row")
      .slice(1)
      .map((row) => within(row).getAllByRole("cell")[0]?.textContent);
    expect(cells).toEqual(["Version 2 a1b2c3d4e5f6", "0123456789ab"]);
    // Named by their order of start (the oldest first), where they run beside.
    const names = within(table)
      .getAllByRole("rowheader")
      .map((header) => header.textContent);
    expect(names).toEqual([
      expect.stringMatching(/^Server 1 \(on .+, [0-9a-f]{8}\)$/),
      "Server 2 (on web-2, bbbbbbbb)",
    ]);
    expect(screen.getByRole("alert").textContent).toContain("2");
  });
});
