import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setupI18n } from "../i18n/i18n";
import { lazyComponent } from "../lib/lazy-component";
import { SessionProvider } from "../session/session";
import { testConfig } from "../test/render-app";
import { AudioPlayer } from "./audio-player";
import { MediaBoundary } from "./media-boundary";
import { Suspense } from "react";

type Call = { url: string; body: unknown };
let calls: Call[] = [];

function setOnline(online: boolean) {
  Object.defineProperty(navigator, "onLine", { configurable: true, get: () => online });
}

beforeEach(async () => {
  await setupI18n("de");
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  calls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({
        url,
        body: init?.body === undefined ? undefined : JSON.parse(String(init.body)),
      });
      return Response.json({ value: "ok" });
    }),
  );
});

afterEach(() => {
  setOnline(true);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const reports = () => calls.filter((call) => call.url === "/api/client/errors");

function renderPlayer() {
  return render(
    <SessionProvider config={testConfig}>
      <p>Der Rest der Station</p>
      <MediaBoundary>
        <AudioPlayer src="/assets/webapp-data/lied.mp3" label="Lied" />
      </MediaBoundary>
    </SessionProvider>,
  );
}

describe("a media player that fails", () => {
  it("shows why in its place, reports it, and plays again after the retry", () => {
    const { container } = renderPlayer();
    const audio = container.querySelector("audio");
    if (audio === null) throw new Error("no audio element");
    Object.defineProperty(audio, "error", { value: { code: 4 } });
    fireEvent.error(audio);

    expect(screen.getByRole("alert").textContent).toContain(
      "Das lässt sich hier gerade nicht abspielen.",
    );
    expect(screen.getByText("Der Rest der Station")).toBeTruthy();
    expect(reports().map((call) => call.body)).toEqual([
      {
        kind: "media",
        message: "MediaLoadError: source not supported: /assets/webapp-data/lied.mp3",
        path: expect.any(String),
      },
    ]);

    fireEvent.click(screen.getByRole("button", { name: "Noch einmal versuchen" }));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole("group", { name: "Lied" })).toBeTruthy();
  });

  it("blames the network while the phone is offline, and reports nothing", () => {
    setOnline(false);
    const { container } = renderPlayer();
    const audio = container.querySelector("audio");
    if (audio === null) throw new Error("no audio element");
    fireEvent.error(audio);
    expect(screen.getByRole("alert").textContent).toContain("Bist du online?");
    expect(reports()).toEqual([]);
  });

  it("loads a player's code that did not arrive again on the retry", async () => {
    let arrives = false;
    const Player = lazyComponent(async () => {
      if (!arrives) throw new TypeError("Failed to fetch dynamically imported module: /p.js");
      return () => <p>Der Player</p>;
    });
    render(
      <SessionProvider config={testConfig}>
        <MediaBoundary reload={Player.preload}>
          <Suspense fallback={<p>Lädt …</p>}>
            <Player />
          </Suspense>
        </MediaBoundary>
      </SessionProvider>,
    );
    expect((await screen.findByRole("alert")).textContent).toContain("Bist du online?");
    expect(reports().map((call) => (call.body as { kind: string }).kind)).toEqual(["chunk"]);
    arrives = true;
    fireEvent.click(screen.getByRole("button", { name: "Noch einmal versuchen" }));
    expect(await screen.findByText("Der Player")).toBeTruthy();
  });
});
