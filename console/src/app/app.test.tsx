import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { LANGUAGE_KEY } from "../i18n/i18n";
import { fakeEventSource, fakeServer, json, text } from "../test/fake-server";
import type { FakeEventSource } from "../test/fake-server";
import { overview } from "../test/fixtures";
import { App } from "./app";

const anna = { name: "anna", via: "session", expiresAt: "2026-11-26T10:00:00Z" };
let Source: typeof FakeEventSource;

beforeEach(() => {
  Source = fakeEventSource();
  localStorage.setItem(LANGUAGE_KEY, "en");
  window.history.replaceState(null, "", "/ops/");
});

describe("the console", () => {
  it("asks for sign-in without a session, says so on a wrong password, then opens", async () => {
    let signedIn = false;
    const server = fakeServer({
      "GET /api/ops/me": () => (signedIn ? json(anna) : text("operator sign-in required", 401)),
      "POST /api/ops/session": ({ body }) => {
        const { password } = body as { password: string };
        if (password !== "right") return text("sign-in failed", 401);
        signedIn = true;
        return json(anna);
      },
      "GET /api/ops/overview": () => json(overview()),
    });
    render(<App />);
    await screen.findByRole("heading", { name: "Sign in" });

    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Enter your name and password.");
    expect(document.activeElement).toBe(screen.getByLabelText("Name"));

    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Anna" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "wrong" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    await screen.findByText("Name or password is wrong.");
    expect(document.activeElement).toBe(screen.getByLabelText("Password"));

    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "right" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    await screen.findByRole("heading", { level: 1, name: "Overview" });
    expect(screen.getByText("Signed in as anna")).toBeTruthy();
    expect(server.requests.filter((r) => r.method === "POST")[1]?.body).toEqual({
      name: "Anna",
      password: "right",
    });
  });

  it("shows the figures live, with the stream's state in the header", async () => {
    fakeServer({
      "GET /api/ops/me": () => json(anna),
      "GET /api/ops/overview": () => text("not yet", 503),
    });
    render(<App />);
    await screen.findByRole("heading", { level: 1, name: "Overview" });
    const status = screen.getByRole("status", { name: /^Live updates/ });
    expect(status.textContent).toBe("Connecting…");
    // The shell opens the stream in an effect, which may run just after the heading shows.
    await waitFor(() => Source.latest());

    act(() => Source.latest().open());
    expect(status.textContent).toBe("Live");
    act(() => Source.latest().emit("overview", overview()));
    const table = screen.getByRole("table", { name: "Stations in figures" });
    const row = within(table).getByRole("row", { name: /Der Marktplatz/ });
    expect(
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["8", "2", "0", "5", "1", "5 min 12 s", "0", "0"]);
    expect(screen.getByRole("img", { name: "Stations as a chart" })).toBeTruthy();

    act(() =>
      Source.latest().emit("activity", {
        at: "2026-11-25T10:00:00Z",
        kind: "done",
        who: "Wanderer 4117",
        stationId: 1,
        title: "Der Marktplatz",
        points: 3,
        maxPoints: 3,
      }),
    );
    expect(screen.getByText("Wanderer 4117 finished Der Marktplatz, 3 of 3 points")).toBeTruthy();

    act(() => Source.latest().fail(true));
    expect(status.textContent).toBe("Reconnecting…");
  });

  it("moves between sections by its links, heading focused, and back with the browser", async () => {
    fakeServer({
      "GET /api/ops/me": () => json(anna),
      "GET /api/ops/audit": () => json({ entries: [] }),
    });
    render(<App />);
    await screen.findByRole("heading", { level: 1, name: "Overview" });
    fireEvent.click(screen.getByRole("link", { name: "Audit log" }));
    const heading = await screen.findByRole("heading", { level: 1, name: "Audit log" });
    expect(window.location.pathname).toBe("/ops/audit");
    expect(document.activeElement).toBe(heading);
    expect(screen.getByRole("link", { name: "Audit log" }).getAttribute("aria-current")).toBe(
      "page",
    );
    expect(document.title).toBe("Audit log – Wegmarke console");

    act(() => {
      window.history.back();
    });
    await screen.findByRole("heading", { level: 1, name: "Overview" });
  });

  it("counts the players' unread messages in the inbox's tab and the title, wherever it is", async () => {
    fakeServer({
      "GET /api/ops/me": () => json(anna),
      "GET /api/ops/overview": () => json(overview()),
    });
    render(<App />);
    await screen.findByRole("heading", { level: 1, name: "Overview" });
    await waitFor(() => Source.latest());
    expect(screen.getByRole("link", { name: "Inbox" })).toBeTruthy();
    act(() => Source.latest().emit("inbox", { unread: 3, open: 2, newest: 17 }));
    const tab = screen.getByRole("link", { name: "Inbox, 3 unread messages" });
    expect(tab.getAttribute("href")).toBe("/ops/inbox");
    expect(tab.querySelector(".tabs__count [aria-hidden]")?.textContent).toBe("3");
    expect(document.title).toBe("(3) Overview – Wegmarke console");

    act(() => Source.latest().emit("inbox", { unread: 1, open: 1, newest: 18 }));
    expect(screen.getByRole("link", { name: "Inbox, 1 unread message" })).toBeTruthy();
    act(() => Source.latest().emit("inbox", { unread: 0, open: 0, newest: 18 }));
    expect(screen.getByRole("link", { name: "Inbox" }).querySelector(".tabs__count")).toBeNull();
    expect(document.title).toBe("Overview – Wegmarke console");
  });

  it("goes back to the sign-in when a call finds the session gone, and after signing out", async () => {
    let session = true;
    fakeServer({
      "GET /api/ops/me": () => (session ? json(anna) : text("operator sign-in required", 401)),
      "DELETE /api/ops/session": () => {
        session = false;
        return json({ value: "ok" });
      },
    });
    render(<App />);
    fireEvent.click(await screen.findByRole("button", { name: "Sign out" }));
    await screen.findByRole("heading", { name: "Sign in" });
    // React closes the stream in the console's unmount effect, which may run after the paint.
    await waitFor(() => expect(Source.latest().readyState).toBe(Source.CLOSED));
  });

  it("says when it cannot reach the server, and tries again", async () => {
    let up = false;
    fakeServer({ "GET /api/ops/me": () => (up ? json(anna) : text("starting", 503)) });
    render(<App />);
    expect((await screen.findByRole("alert")).textContent).toBe(
      "The console could not reach the server: The server answered 503: starting",
    );
    up = true;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await screen.findByRole("heading", { level: 1, name: "Overview" });
  });
});
