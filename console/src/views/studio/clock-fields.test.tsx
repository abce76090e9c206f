import { fireEvent, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { fakeServer, json } from "../../test/fake-server";
import { renderView } from "../../test/render";
import { StudioView } from "./studio";

/** A time of Saturday 13 June 2026 in the test's own time zone. */
const local = (hours: number, minutes = 0) => new Date(2026, 5, 13, hours, minutes).getTime();
const withOffset = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/;

const form = (clock: { start: string; end: string }) => ({
  title: { de: "Märchenhaftes Marburg" },
  defaultLanguage: "de",
  languages: ["de"],
  teams: "off",
  registrationLess: false,
  followBrowserLanguage: false,
  allowGeolocation: true,
  debug: false,
  app: { shortName: "", themeColor: "", backgroundColor: "", icon: "" },
  clock,
});

const saved = {
  ok: true,
  file: { path: "game.yaml", hash: "h".repeat(64), size: 1, state: "changed", by: null, at: null },
};

function serve(clock: { start: string; end: string }) {
  return fakeServer({
    "GET /api/ops/pack/draft/game": () =>
      json({ hash: "g".repeat(64), by: null, at: null, form: form(clock), pictures: [] }),
    "PUT /api/ops/pack/draft/game": () => json(saved),
  });
}

const sentClock = (server: ReturnType<typeof fakeServer>) =>
  (server.requests.find((r) => r.method === "PUT")?.body as { form: ReturnType<typeof form> }).form
    .clock;

beforeEach(() => window.history.replaceState(null, "", "/ops/studio?game"));

describe("the game's clock in the studio", () => {
  it("shows game.yaml's times in local time and writes a typed one with the offset", async () => {
    const start = new Date(local(10)).toISOString();
    const server = serve({ start, end: "" });
    renderView(<StudioView />, { language: "de" });
    const begin = await screen.findByLabelText<HTMLInputElement>("Beginn");
    const end = screen.getByLabelText<HTMLInputElement>("Ende");
    expect(screen.getByRole("group", { name: "Spielzeit" })).toBeTruthy();
    expect(
      screen.getByText(
        "Leer lassen: das Spiel beginnt sofort / endet nie. Eine Spielleitung kann das Ende " +
          "während des Spiels verlängern.",
      ),
    ).toBeTruthy();
    expect(begin.type).toBe("datetime-local");
    expect(begin.value).toBe("2026-06-13T10:00");
    expect(end.value).toBe("");
    fireEvent.change(end, { target: { value: "2026-06-13T14:30" } });
    expect(end.value).toBe("2026-06-13T14:30");
    fireEvent.click(screen.getByRole("button", { name: "Im Entwurf speichern" }));
    await screen.findByText("Im Entwurf gespeichert.");
    const clock = sentClock(server);
    // The start as it was read; the end typed, with the browser's offset.
    expect(clock.start).toBe(start);
    expect(clock.end).toMatch(withOffset);
    expect(Date.parse(clock.end)).toBe(local(14, 30));
  });

  it("sends an emptied field as none", async () => {
    const server = serve({ start: "2026-06-13T10:00:00+02:00", end: "2026-06-13T14:00:00+02:00" });
    renderView(<StudioView />);
    const start = await screen.findByLabelText<HTMLInputElement>("Start");
    // A date and time without an offset is local time, as the field means it.
    expect(Date.parse(start.value)).toBe(Date.parse("2026-06-13T10:00:00+02:00"));
    fireEvent.change(start, { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Save to the draft" }));
    await screen.findByText("Saved to the draft.");
    expect(sentClock(server)).toEqual({ start: "", end: "2026-06-13T14:00:00+02:00" });
  });

  it("says at the end when it is not after the start, and saves nothing", async () => {
    serve({ start: new Date(local(10)).toISOString(), end: "" });
    renderView(<StudioView />);
    const end = await screen.findByLabelText<HTMLInputElement>("End");
    fireEvent.change(end, { target: { value: "2026-06-13T09:00" } });
    expect(end.getAttribute("aria-invalid")).toBe("true");
    const problem = screen.getByText("The end must come after the start.");
    expect(end.getAttribute("aria-describedby")).toContain(problem.id);
    const save = screen.getByRole("button", { name: "Save to the draft" });
    expect(save.hasAttribute("disabled")).toBe(true);
    fireEvent.change(end, { target: { value: "2026-06-13T11:00" } });
    expect(screen.queryByText("The end must come after the start.")).toBeNull();
    expect(save.hasAttribute("disabled")).toBe(false);
  });
});
