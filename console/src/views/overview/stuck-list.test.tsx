import { screen, within } from "@testing-library/react";
import type { OpsStuck } from "@wegmarke/protocol";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RolesContext } from "../../components/roles";
import { renderView } from "../../test/render";
import { StuckList, judge } from "./stuck-list";

const now = Date.parse("2026-11-30T12:00:00.000Z");
const minutesAgo = (minutes: number) => new Date(now - minutes * 60_000).toISOString();

const entry = (changes: Partial<OpsStuck["participants"][number]>) => ({
  playerId: 1,
  name: "Anna",
  team: false,
  stationId: 1,
  title: "Der Marktplatz",
  startedAt: minutesAgo(60),
  lastStepAt: minutesAgo(1),
  wrongAnswers: 0,
  ...changes,
});

const stuck: OpsStuck = {
  afterMinutes: 20,
  afterWrongAnswers: 5,
  participants: [
    entry({ playerId: 1, name: "Anna", lastStepAt: minutesAgo(3) }),
    entry({ playerId: 2, name: "Die Füchse", team: true, lastStepAt: minutesAgo(25) }),
    entry({ playerId: 3, name: "Carla", lastStepAt: minutesAgo(2), wrongAnswers: 6 }),
    entry({ playerId: 4, name: "Dora", lastStepAt: minutesAgo(12) }),
  ],
};

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(now);
});

afterEach(() => {
  vi.useRealTimers();
});

describe("who is stuck", () => {
  it("marks those past either threshold and puts them first, the quietest first", () => {
    expect(judge(stuck, now).map((e) => [e.name, e.quietMinutes, e.past])).toEqual([
      ["Die Füchse", 25, true],
      ["Carla", 2, true],
      ["Dora", 12, false],
      ["Anna", 3, false],
    ]);
  });

  it("links each to their chat for a host, and says the pack's rule", () => {
    renderView(
      <RolesContext value={["host"]}>
        <StuckList stuck={stuck} />
      </RolesContext>,
    );
    const items = within(screen.getByRole("list")).getAllByRole("listitem");
    expect(items).toHaveLength(4);
    expect(within(items[0] as HTMLElement).getByText("stuck")).toBeTruthy();
    expect(within(items[0] as HTMLElement).getByText("Team Die Füchse")).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText("6 wrong answers")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Open Carla's chat" }).getAttribute("href")).toBe(
      "/ops/players?player=3",
    );
    expect(
      screen.getByText("Marked: 20 minutes without a step or 5 wrong answers at the station."),
    ).toBeTruthy();
  });

  it("shows no links to a viewer, and says when nobody is at a station", () => {
    renderView(
      <RolesContext value={[]}>
        <StuckList stuck={stuck} />
      </RolesContext>,
    );
    expect(screen.queryAllByRole("link")).toEqual([]);
    renderView(<StuckList stuck={{ ...stuck, participants: [] }} />);
    expect(screen.getByText("Nobody is at a station right now.")).toBeTruthy();
  });
});
