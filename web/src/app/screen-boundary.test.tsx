import { fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setupI18n } from "../i18n/i18n";
import { SessionProvider } from "../session/session";
import { testConfig } from "../test/render-app";
import { ScreenBoundary } from "./screen-boundary";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("a screen that breaks", () => {
  it("shows why, reports it, and tries again on the retry", async () => {
    await setupI18n("de");
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const calls: { url: string; body: unknown }[] = [];
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
    let broken = true;
    function Screen() {
      if (broken) throw new TypeError("station is undefined");
      return <p>Die Station</p>;
    }
    render(
      <SessionProvider config={testConfig}>
        <MemoryRouter initialEntries={["/points"]}>
          <ScreenBoundary>
            <Screen />
          </ScreenBoundary>
        </MemoryRouter>
      </SessionProvider>,
    );
    expect((await screen.findByRole("alert")).textContent).toContain(
      "Auf diesem Bildschirm ist etwas schiefgegangen.",
    );
    expect(calls.find((call) => call.url.endsWith("/api/client/errors"))?.body).toEqual({
      kind: "render",
      message: "TypeError: station is undefined",
      path: expect.any(String),
    });
    broken = false;
    fireEvent.click(screen.getByRole("button", { name: "Noch einmal versuchen" }));
    expect(await screen.findByText("Die Station")).toBeTruthy();
  });
});
