import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { TeamMembers, TeamPreview } from "@wegmarke/protocol";
import { FakeEventSource } from "../../test/fake-event-source";
import { playerStatus } from "../../test/fixtures";
import { renderApp } from "../../test/render-app";
import type { Call } from "../../test/render-app";

afterEach(() => {
  vi.unstubAllGlobals();
  FakeEventSource.instances = [];
});

const stream = () => FakeEventSource.latest();
const required = { allowTeams: true, teams: "required" } as const;
const optional = { allowTeams: true, teams: "optional" } as const;

const lena: TeamPreview = {
  Members: ["Lena", "Wanderer 4821"],
  Member: false,
  InTeam: false,
  Points: 7,
  StationsDone: 2,
};

/** A fake server that answers `team/preview` with `preview` and `team/members` with `team`. */
function server(preview: TeamPreview, team: TeamMembers = null) {
  return ({ url }: Call) => {
    if (url.includes("/team/preview?")) return Response.json({ value: preview });
    if (url.includes("/team/members?")) return Response.json({ value: team });
    return undefined;
  };
}

const joins = (calls: Call[]) => calls.filter((call) => call.url.includes("/team/join?"));

function dialog() {
  return screen.getByRole("dialog", { name: "Diesem Team beitreten?" });
}

describe("joining a team", () => {
  it("asks first by the form, with who is in the team and what the player loses, and keeps everything on no", async () => {
    const { calls, router } = renderApp("/team", {
      token: "abc",
      config: required,
      respond: server(lena),
    });
    fireEvent.change(screen.getByLabelText("Einladungscode"), { target: { value: "abcd2345" } });
    fireEvent.click(screen.getByRole("button", { name: "Beitreten" }));
    await screen.findByRole("dialog");
    expect(dialog().textContent).toContain("Im Team: Lena, Wanderer 4821.");
    expect(dialog().textContent).toContain(
      "Dein bisheriges Spiel wird gelöscht: 7 Punkte, 2 abgeschlossene Stationen und alle Nachrichten.",
    );
    expect(calls.at(-1)?.url).toBe("/api/game/team/preview?hash=abc&tjr=abcd2345");

    fireEvent.click(within(dialog()).getByRole("button", { name: "Abbrechen" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(joins(calls)).toEqual([]);
    expect(router.state.location.pathname).toBe("/webapp/team");
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it("asks first by an invitation link; no leaves the team page without the code", async () => {
    const { calls, router } = renderApp("/team?tjr=ABCD2345", {
      token: "abc",
      config: required,
      respond: server({ ...lena, Points: 1, StationsDone: 1 }),
    });
    await screen.findByRole("dialog");
    expect(dialog().textContent).toContain("1 Punkt, 1 abgeschlossene Station");
    fireEvent.click(within(dialog()).getByRole("button", { name: "Abbrechen" }));
    await waitFor(() => expect(router.state.location.search).toBe(""));
    expect(router.state.location.pathname).toBe("/webapp/team");
    expect(joins(calls)).toEqual([]);
  });

  it("joins by an invitation link on yes", async () => {
    const { calls, router } = renderApp("/team?tjr=ABCD2345", {
      token: "abc",
      config: required,
      respond: server(lena),
    });
    await screen.findByRole("dialog");
    fireEvent.click(within(dialog()).getByRole("button", { name: "Ja, beitreten" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/webapp"));
    expect(joins(calls).map((call) => call.url)).toEqual([
      "/api/game/team/join?hash=abc&tjr=ABCD2345",
    ]);
  });

  it("says that a player in another team leaves it, with the figures that stay behind", async () => {
    renderApp("/team?tjr=ABCD2345", {
      token: "abc",
      config: required,
      respond: server({ ...lena, InTeam: true }),
    });
    await screen.findByRole("dialog");
    expect(dialog().textContent).toContain(
      "Du verlässt dein jetziges Team: Seine 7 Punkte und 2 abgeschlossene Stationen zählen dann nicht mehr für dich.",
    );
  });

  it("says that a new player starts afresh", async () => {
    renderApp("/team?tjr=ABCD2345", {
      token: "abc",
      config: required,
      respond: server({ ...lena, Points: 0, StationsDone: 0 }),
    });
    await screen.findByRole("dialog");
    expect(dialog().textContent).toContain("Du fängst mit dem Team neu an.");
  });

  it("does not ask a member of that team, and joins nothing", async () => {
    const { calls } = renderApp("/team?tjr=ABCD2345", {
      token: "abc",
      config: required,
      respond: server({ ...lena, Member: true, InTeam: true }),
    });
    expect((await screen.findByRole("alert")).textContent).toContain(
      "Du bist schon in diesem Team.",
    );
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(joins(calls)).toEqual([]);
  });
});

describe("the team's members", () => {
  it("are listed with who is online now", async () => {
    renderApp("/team", {
      token: "abc",
      config: required,
      respond: server(lena, {
        Name: "Lena & Team",
        Members: [
          { Name: "Lena", Online: true, You: false },
          { Name: "Wanderer 4821", Online: false, You: true },
        ],
      }),
    });
    act(() => stream().send("playerstatus", playerStatus({ HasTeam: true })));
    const list = await screen.findByTestId("team-members");
    expect(screen.getByRole("heading", { name: "Dein Team: Lena & Team" })).toBeTruthy();
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Lenagerade online", "Wanderer 4821 (du)nicht online"]);
  });

  it("are not asked for without a team", () => {
    const { calls } = renderApp("/team", { token: "abc", config: required });
    act(() => stream().send("playerstatus", playerStatus({ HasTeam: false })));
    expect(screen.queryByTestId("team-members")).toBeNull();
    expect(calls.filter((call) => call.url.includes("/team/members"))).toEqual([]);
  });
});

describe("teams: off, optional or required", () => {
  async function menuEntries() {
    fireEvent.click(screen.getByRole("button", { name: "Menü" }));
    const menu = await screen.findByRole("navigation", { name: "Hauptmenü" });
    return within(menu)
      .getAllByRole("link")
      .map((link) => link.textContent);
  }

  it("off: no team page, no menu entry, the game views are open", async () => {
    const { router } = renderApp("/station", { token: "abc" });
    act(() => stream().send("playerstatus", playerStatus({ HasTeam: false })));
    expect(router.state.location.pathname).toBe("/webapp/station");
    expect(await menuEntries()).not.toContain("Team");
  });

  it("optional: the game views are open to a player without team, the team page is in the menu", async () => {
    const { router } = renderApp("/station", { token: "abc", config: optional });
    act(() => stream().send("playerstatus", playerStatus({ HasTeam: false })));
    await waitFor(() => expect(screen.queryByText("Einen Moment …")).toBeNull());
    expect(router.state.location.pathname).toBe("/webapp/station");
    expect(await menuEntries()).toContain("Team");
    fireEvent.click(screen.getByRole("link", { name: "Team" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/webapp/team"));
    expect(
      screen.getByText(
        "Spiel allein oder zusammen im Team: Tritt einem Team bei oder lade andere ein.",
      ),
    ).toBeTruthy();
  });

  it("required: the game views send a player without team to the team page", async () => {
    const { router } = renderApp("/station", { token: "abc", config: required });
    act(() => stream().send("playerstatus", playerStatus({ HasTeam: false })));
    await waitFor(() => expect(router.state.location.pathname).toBe("/webapp/team"));
    expect(screen.getByText(/Dieses Spiel spielt ihr im Team\./)).toBeTruthy();
  });
});

describe("the team page's introduction", () => {
  it("introduces the page as text, not as a warning, for a player without a team", async () => {
    renderApp("/team", { token: "abc", config: optional, respond: server(lena) });
    act(() => stream().send("playerstatus", playerStatus({ HasTeam: false })));
    const intro = await screen.findByText(/Spiel allein oder zusammen im Team/);
    expect(intro.className).toBe("team__intro");
  });
});
