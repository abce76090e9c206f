import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { textsOf } from "../../i18n/i18n";
import { fakeServer, json } from "../../test/fake-server";
import { renderView } from "../../test/render";
import { MapView, memberMarkers } from "./map";

const teams = [
  {
    id: 3,
    name: "Die Eulen",
    members: [
      { name: "Lena", latitude: 50.81, longitude: 8.77, accuracy: 9, age: 4 },
      { name: "Wanderer 4117", latitude: 50.8, longitude: 8.76, age: 30 },
    ],
  },
];

describe("the map of the teams", () => {
  it("ages each member's position from the time the stream told it", () => {
    const receivedAt = Date.UTC(2026, 10, 25, 10);
    const labels = (now: number) =>
      memberMarkers({ teams, receivedAt }, now, textsOf("en")).map((marker) => marker.label);
    expect(labels(receivedAt)).toEqual([
      "Lena (Die Eulen), just now",
      "Wanderer 4117 (Die Eulen), 30 s ago",
    ]);
    expect(labels(receivedAt + 60_000)).toEqual([
      "Lena (Die Eulen), 1 min ago",
      "Wanderer 4117 (Die Eulen), 1 min ago",
    ]);
    expect(memberMarkers({ teams, receivedAt }, receivedAt, textsOf("de"))[0]).toMatchObject({
      teamId: 3,
      initial: "D",
      label: "Lena (Die Eulen), gerade eben",
    });
  });

  it("lists the teams that share, and says when the pack has no map", async () => {
    fakeServer({ "GET /api/ops/map": () => json({ map: null, assetsBase: "/a/", stations: [] }) });
    renderView(<MapView />, { live: { teams: { teams, receivedAt: Date.now() } } });
    await screen.findByText("The pack has no map; the teams are listed below.");
    const list = screen.getByRole("region", { name: "Teams sharing their position" });
    expect(within(list).getByText("Die Eulen")).toBeTruthy();
    expect(within(list).getByText("2 members share")).toBeTruthy();
  });

  it("says so when no team shares", async () => {
    fakeServer({ "GET /api/ops/map": () => json({ map: null, assetsBase: "/a/", stations: [] }) });
    renderView(<MapView />);
    expect(await screen.findByText("No team shares its position now.")).toBeTruthy();
  });
});
