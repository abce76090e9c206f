import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FakeEventSource } from "../../test/fake-event-source";
import { playerStatus } from "../../test/fixtures";
import { renderApp } from "../../test/render-app";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  FakeEventSource.instances = [];
});

const LINK = "?expires=1&signature=sig";
const submission = (id: number, changes: Record<string, unknown> = {}) => ({
  ID: id,
  StationID: 1,
  Kind: "photo",
  State: "approved",
  Points: 3,
  Timestamp: "2026-11-27T10:00:00Z",
  Url: `/api/submissions/${id}/file${LINK}`,
  ThumbUrl: `/api/submissions/${id}/thumb${LINK}`,
  ...changes,
});

describe("the gallery", () => {
  it("shows what the team sent, newest first, with the station, who sent it and the verdict", async () => {
    let list = [
      submission(1),
      submission(2, {
        StationID: 2,
        Kind: "voice",
        State: "waiting",
        Name: "Ben",
        ThumbUrl: undefined,
      }),
    ];
    const { calls } = renderApp("/gallery", {
      token: "abc",
      respond: ({ url }) =>
        url.includes("/api/game/submissions") ? Response.json({ value: list }) : undefined,
    });
    act(() => stream().send("playerstatus", playerStatus()));
    const gallery = await screen.findByRole("list", { name: "Einsendungen" });
    // The stations' titles come with the texts.
    await within(gallery).findByText("Das Landgrafenschloss");
    const items = within(gallery).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      "Das LandgrafenschlossBenWartet auf die Spielleitung …",
      "Der MarktplatzDuAngenommen",
    ]);
    expect(
      within(items[0] as HTMLElement).getByLabelText(
        "Sprachaufnahme von Ben an Das Landgrafenschloss",
      ).tagName,
    ).toBe("AUDIO");
    expect(
      within(items[1] as HTMLElement)
        .getByRole("img", { name: "Foto an Der Marktplatz" })
        .getAttribute("src"),
    ).toBe(`http://localhost:3000/api/submissions/1/thumb${LINK}`);

    // A verdict in a thread: the gallery reads the list again.
    list = [
      submission(1),
      submission(2, { StationID: 2, Kind: "voice", State: "approved", Name: "Ben" }),
    ];
    act(() =>
      stream().send(
        "submission",
        {
          StationID: 2,
          ID: 2,
          Kind: "voice",
          State: "approved",
          Name: "Ben",
          Member: "b",
          Timestamp: "2026-11-27T10:01:00Z",
        },
        5,
      ),
    );
    await waitFor(() => {
      expect(within(gallery).getAllByRole("listitem")[0]?.textContent).toBe(
        "Das LandgrafenschlossBenAngenommen",
      );
    });
    expect(
      calls.filter((call) => call.url.includes("/api/game/submissions")).length,
    ).toBeGreaterThan(1);
  });

  it("says when nothing was sent yet", async () => {
    renderApp("/gallery", {
      token: "abc",
      respond: ({ url }) =>
        url.includes("/api/game/submissions") ? Response.json({ value: [] }) : undefined,
    });
    act(() => stream().send("playerstatus", playerStatus()));
    expect(await screen.findByText(/Noch keine Einsendungen/)).toBeTruthy();
  });
});

const stream = () => FakeEventSource.latest();
