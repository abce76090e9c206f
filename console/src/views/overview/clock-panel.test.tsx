import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { OpsClock } from "@wegmarke/protocol";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RolesContext } from "../../components/roles";
import type { ConsoleLanguage } from "../../i18n/i18n";
import { fakeServer, json, text } from "../../test/fake-server";
import { renderView } from "../../test/render";
import { CLOCK_TICK_MS, ClockPanel } from "./clock-panel";

/** A time of Saturday 13 June 2026 in the test's own time zone, as the API writes it. */
const at = (hours: number, minutes = 0) => new Date(2026, 5, 13, hours, minutes).toISOString();
const MINUTE = 60_000;

/** The server's time is 3 hours ahead of this browser's (whose clock is wrong). */
const serverNow = at(12, 37);
const browserNow = Date.parse(at(9, 37));

const clockOf = (changes: Partial<OpsClock> = {}): OpsClock => ({
  startsAt: at(10),
  endsAt: at(14),
  packEndsAt: at(14),
  now: serverNow,
  ...changes,
});

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(browserNow);
});

afterEach(() => {
  vi.useRealTimers();
});

function show(roles: ("host" | "author")[] = ["host"], language: ConsoleLanguage = "de") {
  renderView(
    <RolesContext value={roles}>
      <ClockPanel />
    </RolesContext>,
    { language },
  );
  return screen.findByRole("region", { name: language === "de" ? "Spielzeit" : "Game time" });
}

const puts = (server: ReturnType<typeof fakeServer>) =>
  server.requests.filter((r) => r.method === "PUT" && r.path === "/api/ops/clock");
const sentEnd = (server: ReturnType<typeof fakeServer>) =>
  (puts(server).at(-1)?.body as { endsAt: string | null } | undefined)?.endsAt;

describe("the game's clock on the overview", () => {
  it("shows start, end and the time left by the server's time", async () => {
    fakeServer({ "GET /api/ops/clock": () => json(clockOf()) });
    const region = await show();
    expect(await within(region).findByText("Beginn: Sa 13.06., 10:00")).toBeTruthy();
    expect(within(region).getByText("Ende: 14:00")).toBeTruthy();
    expect(within(region).queryByText(/im Spielpaket/)).toBeNull();
    expect(within(region).getByText("noch 1 h 23 min")).toBeTruthy();
  });

  it("names the pack's end beside a host's, and says when there is none", async () => {
    fakeServer({
      "GET /api/ops/clock": () => json(clockOf({ startsAt: null, endsAt: at(15, 30) })),
    });
    const region = await show();
    expect(await within(region).findByText("Ende: 15:30")).toBeTruthy();
    expect(within(region).getByText("(im Spielpaket: 14:00)")).toBeTruthy();
    expect(within(region).queryByText(/^Beginn/)).toBeNull();
  });

  it("says the game has not begun, or is over, or has no end", async () => {
    let clock = clockOf({ now: at(8) });
    const server = fakeServer({ "GET /api/ops/clock": () => json(clock) });
    const region = await show();
    expect(await within(region).findByText("Beginnt in 2 h 0 min")).toBeTruthy();
    // Read again every 30 seconds.
    clock = clockOf({ now: at(14, 5) });
    await act(async () => vi.advanceTimersByTime(CLOCK_TICK_MS));
    expect(await within(region).findByText("Das Spiel ist vorbei.")).toBeTruthy();
    expect(server.requests.filter((r) => r.path === "/api/ops/clock")).toHaveLength(2);
    expect(within(region).queryByRole("button", { name: "Spiel jetzt beenden" })).toBeNull();
    clock = clockOf({ endsAt: null, packEndsAt: null });
    await act(async () => vi.advanceTimersByTime(CLOCK_TICK_MS));
    expect(await within(region).findByText("Ende: kein Ende")).toBeTruthy();
    expect(within(region).getByText("Das Spiel läuft.")).toBeTruthy();
  });

  it("extends the end by 15 minutes from the end, and says until when", async () => {
    const server = fakeServer({
      "GET /api/ops/clock": () => json(clockOf()),
      "PUT /api/ops/clock": () => json(clockOf({ endsAt: at(14, 15) })),
    });
    const region = await show();
    await within(region).findByText("Ende: 14:00");
    fireEvent.click(within(region).getByRole("button", { name: "+15 min" }));
    expect((await within(region).findByRole("status")).textContent).toBe(
      "Das Spiel endet jetzt um 14:15.",
    );
    expect(Date.parse(sentEnd(server) ?? "")).toBe(Date.parse(at(14)) + 15 * MINUTE);
    expect(within(region).getByText("Ende: 14:15")).toBeTruthy();
    expect(within(region).getByText("(im Spielpaket: 14:00)")).toBeTruthy();
    expect(within(region).getByText("noch 1 h 38 min")).toBeTruthy();
    // The field starts from the new end.
    expect((within(region).getByLabelText("Ende") as HTMLInputElement).value).toBe(
      "2026-06-13T14:15",
    );
  });

  it("extends from now when the game is over", async () => {
    const server = fakeServer({
      "GET /api/ops/clock": () => json(clockOf({ endsAt: at(12) })),
      "PUT /api/ops/clock": () => json(clockOf({ endsAt: at(13, 37) })),
    });
    const region = await show();
    await within(region).findByText("Das Spiel ist vorbei.");
    fireEvent.click(within(region).getByRole("button", { name: "+60 min" }));
    await within(region).findByText("Das Spiel endet jetzt um 13:37.");
    const sent = Date.parse(sentEnd(server) ?? "");
    expect(Math.abs(sent - (Date.parse(serverNow) + 60 * MINUTE))).toBeLessThan(5000);
  });

  it("asks before it ends the game now, then sends the server's time", async () => {
    const server = fakeServer({
      "GET /api/ops/clock": () => json(clockOf()),
      "PUT /api/ops/clock": () => json(clockOf({ endsAt: serverNow })),
    });
    const region = await show();
    await within(region).findByText("noch 1 h 23 min");
    fireEvent.click(within(region).getByRole("button", { name: "Spiel jetzt beenden" }));
    expect(
      within(region).getByText(
        "Das Spiel endet sofort für alle: keine Station startet mehr, Antworten zählen nicht mehr.",
      ),
    ).toBeTruthy();
    fireEvent.click(within(region).getByRole("button", { name: "Abbrechen" }));
    expect(within(region).queryByText(/endet sofort/)).toBeNull();
    expect(puts(server)).toEqual([]);

    fireEvent.click(within(region).getByRole("button", { name: "Spiel jetzt beenden" }));
    fireEvent.click(within(region).getByRole("button", { name: "Ja, jetzt beenden" }));
    expect((await within(region).findByRole("status")).textContent).toBe("Das Spiel ist beendet.");
    const sent = Date.parse(sentEnd(server) ?? "");
    expect(Math.abs(sent - Date.parse(serverNow))).toBeLessThan(5000);
    expect(within(region).getByText("Das Spiel ist vorbei.")).toBeTruthy();
    expect(within(region).queryByRole("button", { name: "Spiel jetzt beenden" })).toBeNull();
  });

  it("sets the end typed in local time, and goes back to the pack's end", async () => {
    const server = fakeServer({
      "GET /api/ops/clock": () => json(clockOf()),
      "PUT /api/ops/clock": ({ body }) => {
        const { endsAt } = body as { endsAt: string | null };
        return json(clockOf({ endsAt: endsAt ?? at(14) }));
      },
    });
    const region = await show();
    await within(region).findByText("Ende: 14:00");
    expect(within(region).queryByRole("button", { name: "Ende wie im Spielpaket" })).toBeNull();
    fireEvent.change(within(region).getByLabelText("Ende"), {
      target: { value: "2026-06-13T16:30" },
    });
    fireEvent.click(within(region).getByRole("button", { name: "Ende setzen" }));
    await within(region).findByText("Das Spiel endet jetzt um 16:30.");
    expect(Date.parse(sentEnd(server) ?? "")).toBe(Date.parse(at(16, 30)));
    expect(sentEnd(server)).toMatch(/^2026-06-13T16:30:00(Z|[+-]\d\d:\d\d)$/);

    fireEvent.click(within(region).getByRole("button", { name: "Ende wie im Spielpaket" }));
    await within(region).findByText("Das Spiel endet jetzt um 14:00.");
    expect(sentEnd(server)).toBeNull();
    expect(within(region).queryByRole("button", { name: "Ende wie im Spielpaket" })).toBeNull();
  });

  it("says why the server refused a change", async () => {
    fakeServer({
      "GET /api/ops/clock": () => json(clockOf({ now: at(8) })),
      "PUT /api/ops/clock": () => text("the game must end after it starts", 400),
    });
    const region = await show();
    await within(region).findByText("Beginnt in 2 h 0 min");
    fireEvent.click(within(region).getByRole("button", { name: "+15 min" }));
    expect((await within(region).findByRole("alert")).textContent).toMatch(
      /400: the game must end after it starts/,
    );
    await waitFor(() =>
      expect(within(region).getByRole("button", { name: "+15 min" }).hasAttribute("disabled")).toBe(
        false,
      ),
    );
  });

  it("shows a viewer the clock without a button", async () => {
    fakeServer({ "GET /api/ops/clock": () => json(clockOf({ endsAt: at(15) })) });
    const region = await show([]);
    await within(region).findByText("noch 2 h 23 min");
    expect(within(region).queryAllByRole("button")).toEqual([]);
    expect(within(region).queryByLabelText("Ende")).toBeNull();
  });

  it("speaks English too", async () => {
    fakeServer({ "GET /api/ops/clock": () => json(clockOf()) });
    const region = await show(["host"], "en");
    expect(await within(region).findByText("Start: Sat 13/06, 10:00")).toBeTruthy();
    expect(within(region).getByText("End: 14:00")).toBeTruthy();
    expect(within(region).getByText("1 h 23 min left")).toBeTruthy();
    expect(within(region).getByRole("button", { name: "End the game now" })).toBeTruthy();
    expect(within(region).getByRole("button", { name: "+30 min" })).toBeTruthy();
  });
});
