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

const stream = () => FakeEventSource.latest();
const now = () => new Date().toISOString();
const LINK = "?expires=1&signature=sig";

/** The server's list of submissions, with the links of submission 5 (a photo) and 6. */
const respond = ({ url }: { url: string }) =>
  url.includes("/api/game/submissions")
    ? Response.json({
        value: [
          {
            ID: 5,
            StationID: 1,
            Kind: "photo",
            State: "waiting",
            Timestamp: now(),
            Url: `/api/submissions/5/file${LINK}`,
            ThumbUrl: `/api/submissions/5/thumb${LINK}`,
          },
          {
            ID: 6,
            StationID: 1,
            Kind: "photo",
            State: "waiting",
            Member: "ben-key",
            Name: "Ben",
            Timestamp: now(),
            Url: `/api/submissions/6/file${LINK}`,
            ThumbUrl: `/api/submissions/6/thumb${LINK}`,
          },
        ],
      })
    : undefined;

describe("a mission at a station", () => {
  it("offers the camera and the gallery for a photo, and no text field", async () => {
    renderApp("/station/1", { token: "abc", respond });
    act(() => {
      stream().send("playerstatus", playerStatus({ CurrentStation: 1 }));
      stream().send(
        "webtext",
        { StationID: 1, Originator: "Lena", Text: "Zeig mir den Drachen!", Timestamp: now() },
        1,
      );
      stream().send("mission-expected", { StationID: 1, Kind: "photo", Judged: true }, 2);
    });
    const bar = await screen.findByRole("group", { name: "Deine Einsendung" });
    expect(within(bar).getByRole("button", { name: "Foto aufnehmen" })).toBeTruthy();
    expect(within(bar).getByRole("button", { name: "Aus der Galerie" })).toBeTruthy();
    const camera = screen.getByLabelText<HTMLInputElement>("Foto aufnehmen");
    expect([camera.type, camera.accept, camera.getAttribute("capture")]).toEqual([
      "file",
      "image/*",
      "environment",
    ]);
    expect(screen.getByLabelText<HTMLInputElement>("Aus der Galerie").hasAttribute("capture")).toBe(
      false,
    );
    expect(screen.getByLabelText("Deine Antwort").closest("form")?.hidden).toBe(true);
  });

  it("shows a sent photo in the thread, waiting for the game master, then the verdict", async () => {
    renderApp("/station/1", { token: "abc", respond });
    act(() => {
      stream().send(
        "playerstatus",
        playerStatus({ CurrentStation: 1, HasTeam: true, Member: "anna-key", BacklogUntil: 0 }),
      );
      stream().send("mission-expected", { StationID: 1, Kind: "photo", Judged: true }, 1);
      stream().send(
        "submission",
        {
          StationID: 1,
          ID: 5,
          Kind: "photo",
          State: "waiting",
          Member: "anna-key",
          Timestamp: now(),
        },
        2,
      );
    });
    // Its place first, then the small copy once the links are read.
    await screen.findByRole("img", { name: "Foto" });
    await waitFor(() => {
      expect(screen.getByRole("img", { name: "Foto" }).getAttribute("src")).toBe(
        `http://localhost:3000/api/submissions/5/thumb${LINK}`,
      );
    });
    const waiting = screen
      .getAllByRole("status")
      .filter((s) => s.textContent === "Wartet auf die Spielleitung …");
    // In the bubble, and in the messenger instead of the camera.
    expect(waiting).toHaveLength(2);
    expect(screen.queryByRole("button", { name: "Foto aufnehmen" })).toBeNull();

    act(() => {
      stream().send(
        "submission",
        {
          StationID: 1,
          ID: 6,
          Kind: "photo",
          State: "rejected",
          Member: "ben-key",
          Name: "Ben",
          Timestamp: now(),
        },
        3,
      );
      stream().send(
        "submission",
        {
          StationID: 1,
          ID: 5,
          Kind: "photo",
          State: "approved",
          Member: "anna-key",
          Timestamp: now(),
        },
        4,
      );
    });
    // A teammate's is named; the own one changed where it stood.
    expect(await screen.findByRole("img", { name: "Foto von Ben" })).toBeTruthy();
    await waitFor(() => {
      expect(screen.getAllByTestId("message").map((bubble) => bubble.textContent)).toEqual([
        expect.stringContaining("Angenommen"),
        expect.stringContaining("Nicht angenommen"),
      ]);
    });
    expect(screen.queryByText("Wartet auf die Spielleitung …")).toBeNull();
  });
});
