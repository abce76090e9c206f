import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FakeEventSource } from "../../test/fake-event-source";
import { renderApp } from "../../test/render-app";
import type { Call } from "../../test/render-app";

afterEach(() => {
  vi.unstubAllGlobals();
  FakeEventSource.instances = [];
});

/** A fake server whose `player/account` says `registered`, and that answers `more` too. */
function server(registered: boolean, more: Record<string, () => Response> = {}) {
  return ({ url }: Call): Response | undefined => {
    if (url.endsWith("player/account")) return Response.json({ value: { Registered: registered } });
    const path = Object.keys(more).find((end) => url.endsWith(end));
    return path === undefined ? undefined : more[path]?.();
  };
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

/** Opens the menu; `first` is an entry to wait for first (the account is asked for). */
async function menuEntries(first?: string) {
  // A click on a header that a route change renders anew is lost: open it until it is open.
  const menu = await waitFor(() => {
    const open = screen.queryByRole("navigation", { name: "Hauptmenü" });
    if (open !== null) return open;
    fireEvent.click(screen.getByRole("button", { name: "Menü" }));
    throw new Error("the menu is not open yet");
  });
  if (first !== undefined) await within(menu).findByRole("link", { name: first });
  const entries = within(menu)
    .getAllByRole("link")
    .map((link) => link.textContent);
  fireEvent.keyDown(menu, { key: "Escape" });
  return entries;
}

// Whole app renders with several calls each: slow when the machine is busy.
describe("an anonymous player keeps the game with a phone number", { timeout: 20_000 }, () => {
  it("the menu offers it instead of a password change", async () => {
    renderApp("/", { token: "anon-1", respond: server(false) });
    expect(await menuEntries("Spielstand sichern")).not.toContain("Passwort ändern");
  });

  it(
    "registers the signed-in player with name, number and code, then asks for a password of their own",
    { timeout: 20_000 },
    async () => {
      const { calls, router } = renderApp("/password", { token: "anon-2", respond: server(false) });
      await screen.findByRole("heading", { name: "Spielstand mit Handynummer sichern" });
      expect(screen.queryByLabelText("Bisheriges Passwort")).toBeNull();
      expect(screen.getByText(/Deine Punkte, Stationen, Nachrichten und dein Team/)).toBeTruthy();

      type("Vorname", "Ida");
      type("Handynummer", "0171 1234567");
      fireEvent.click(screen.getByLabelText("Ich habe den Datenschutzhinweis gelesen."));
      fireEvent.click(screen.getByRole("button", { name: "Code anfordern" }));
      await screen.findByRole("heading", { name: "Code eingeben" });
      expect(calls.find((call) => call.url.endsWith("player/upgrade/sms"))?.body).toEqual({
        Hash: "anon-2",
        first_name: "Ida",
        phone: "01711234567",
        language: "de",
      });

      type("Code aus der SMS", "482 913");
      fireEvent.click(screen.getByRole("button", { name: "Bestätigen" }));
      await screen.findByRole("heading", { name: "Wähle dein Passwort" });
      expect(calls.find((call) => call.url.endsWith("player/upgrade/sms/verify"))?.body).toEqual({
        Hash: "anon-2",
        phone: "01711234567",
        smscode: "482 913",
      });
      expect((await screen.findByRole("alert")).textContent).toContain(
        "Dein Spielstand ist jetzt mit deiner Nummer gesichert.",
      );
      // Still signed in with the same token: the game goes on.
      expect(JSON.parse(localStorage.getItem("wegmarke.config") ?? "{}").authToken).toBe("anon-2");

      type("Neues Passwort", "wegmarke-1");
      type("Neues Passwort wiederholen", "wegmarke-1");
      fireEvent.click(screen.getByRole("button", { name: "Passwort speichern" }));
      await waitFor(() => expect(router.state.location.pathname).toBe("/webapp"));
      expect(calls.find((call) => call.url.endsWith("player/changepass"))?.body).toEqual({
        password: "wegmarke-1",
        token: "anon-2",
        current: "482913",
      });
      expect(await menuEntries("Passwort ändern")).not.toContain("Spielstand sichern");
    },
  );

  it("says so when the number is registered already", async () => {
    renderApp("/password", {
      token: "anon-3",
      respond: server(false, {
        "player/upgrade/sms": () =>
          new Response("already registered", { status: 402, statusText: "" }),
      }),
    });
    await screen.findByRole("heading", { name: "Spielstand mit Handynummer sichern" });
    type("Vorname", "Ida");
    type("Handynummer", "0171 1234567");
    fireEvent.click(screen.getByLabelText("Ich habe den Datenschutzhinweis gelesen."));
    fireEvent.click(screen.getByRole("button", { name: "Code anfordern" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Diese Handynummer ist schon registriert.",
    );
  });

  it("a registered player changes the password as before", async () => {
    renderApp("/password", { token: "registered-1", respond: server(true) });
    await screen.findByRole("heading", { name: "Passwort ändern" });
    expect(screen.getByLabelText("Bisheriges Passwort")).toBeTruthy();
    expect(await menuEntries("Passwort ändern")).not.toContain("Spielstand sichern");
  });

  it("is not offered in registration-less mode, which has no login to use the number with", async () => {
    const { router } = renderApp("/password", {
      token: "anon-4",
      config: { registrationLess: true },
      respond: server(false),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/webapp"));
    const entries = await menuEntries();
    expect(entries).not.toContain("Spielstand sichern");
    expect(entries).not.toContain("Passwort ändern");
  });
});
