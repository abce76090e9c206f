// Over 300 lines: every account flow of the app end to end against a fake server, one test each.
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FakeEventSource } from "../test/fake-event-source";
import { playerStatus } from "../test/fixtures";
import { renderApp } from "../test/render-app";
import type { Call } from "../test/render-app";

afterEach(() => {
  vi.unstubAllGlobals();
  FakeEventSource.instances = [];
});

const stream = () => FakeEventSource.latest();
const fail = (status: number, reason: string) => new Response(reason, { status });
const answering =
  (answers: Record<string, () => Response>) =>
  ({ url }: Call): Response | undefined => {
    const path = Object.keys(answers).find((end) => url.split("?")[0]?.endsWith(end));
    return path === undefined ? undefined : answers[path]?.();
  };

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function openMenu() {
  fireEvent.click(screen.getByRole("button", { name: "Menü" }));
  return screen.findByRole("navigation", { name: "Hauptmenü" });
}

describe("login with phone number", () => {
  it("shows the required-field messages and sends nothing", async () => {
    const { calls } = renderApp("/login");
    expect(screen.getByLabelText("Handynummer").getAttribute("placeholder")).toBe("0171 1234567");
    fireEvent.click(screen.getByRole("button", { name: "Anmelden" }));
    expect(await screen.findAllByText("Feld muss ausgefüllt werden")).toHaveLength(2);
    expect(calls).toEqual([]);
  });

  it("shows a failed login under the form", async () => {
    renderApp("/login", {
      respond: answering({ "player/login/phone": () => fail(430, "login failed") }),
    });
    type("Handynummer", "0171 1234567");
    type("Passwort", "falsch");
    fireEvent.click(screen.getByRole("button", { name: "Anmelden" }));
    const error = await screen.findByRole("alert");
    expect(error.textContent).toBe("Anmeldung fehlgeschlagen. Prüfe Handynummer und Passwort.");
    expect(error.closest("form")).not.toBeNull();
  });

  it("signs in and goes to the target", async () => {
    const { router, calls } = renderApp("/login?target=%2Fwebapp%2Fstation", {
      respond: answering({ "player/login/phone": () => Response.json({ value: "tok-9" }) }),
    });
    type("Handynummer", "+49 171 1234567");
    type("Passwort", " 482913 ");
    fireEvent.click(screen.getByRole("button", { name: "Anmelden" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/webapp/station"));
    expect(calls[0]?.body).toEqual({ phone: "00491711234567", password: "482913" });
    await waitFor(() => expect(stream().url).toBe("/api/game/events?hash=tok-9"));
  });

  it("asks for a password of the player's own while the password is still the SMS code", async () => {
    const { router, calls } = renderApp("/login?target=%2Fwebapp%2Fstation", {
      respond: answering({
        "player/login/phone": () => Response.json({ value: "tok-9", passwordIsCode: true }),
      }),
    });
    type("Handynummer", "0171 1234567");
    type("Passwort", " 482913 ");
    fireEvent.click(screen.getByRole("button", { name: "Anmelden" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/webapp/password"));
    await screen.findByRole("heading", { name: "Wähle dein Passwort" });
    expect(kept("482913", router)).toEqual([]);

    type("Neues Passwort", "wegmarke-1");
    type("Neues Passwort wiederholen", "wegmarke-1");
    fireEvent.click(screen.getByRole("button", { name: "Passwort speichern" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/webapp/station"));
    expect(calls.at(-1)?.body).toEqual({
      password: "wegmarke-1",
      token: "tok-9",
      current: "482913",
    });
    // The game opens its stream: within this test, while EventSource is still the fake one (a
    // busy machine renders the game's first screen in more than waitFor's usual second).
    await waitFor(() => expect(stream().url).toBe("/api/game/events?hash=tok-9"), {
      timeout: 10_000,
    });
  });

  it("asks for a reset link for the number entered and says so in a flash message", async () => {
    const { calls } = renderApp("/login");
    fireEvent.click(screen.getByRole("button", { name: "Passwort vergessen?" }));
    expect(await screen.findByText("Feld muss ausgefüllt werden")).toBeTruthy();
    type("Handynummer", "0171 1234567");
    fireEvent.click(screen.getByRole("button", { name: "Passwort vergessen?" }));
    expect((await screen.findByRole("alert")).textContent).toContain("SMS mit einem Link");
    expect(calls.at(-1)).toEqual({
      url: "/api/account/player/changepass/phone",
      body: { Phone: "01711234567" },
    });
  });

  it("shows reset errors as a flash message", async () => {
    renderApp("/login", {
      respond: answering({
        "player/changepass/phone": () => fail(429, "password reset within 24 hours"),
      }),
    });
    type("Handynummer", "0171 1234567");
    fireEvent.click(screen.getByRole("button", { name: "Passwort vergessen?" }));
    const flash = await screen.findByRole("alert");
    expect(flash.classList.contains("flash")).toBe(true);
    expect(flash.textContent).toContain("in den letzten 24 Stunden schon ein Link");
  });
});

/** The code, or any secret, anywhere the browser keeps or shows it: storage and the URL. */
function kept(secret: string, router: { state: { location: { search: string } } }) {
  const stored = Object.keys(localStorage).map((key) => localStorage.getItem(key) ?? "");
  return [...stored, router.state.location.search].filter((text) => text.includes(secret));
}

describe("registration", () => {
  it("sends the code, confirms it, and signs the player in with the token the code gives, on to the target", async () => {
    const { router, calls } = renderApp("/login?target=%2Fwebapp%2Fteam%3Ftjr%3DX", {
      respond: answering({
        "player/optin/sms/verify": () => Response.json({ value: "t" }),
      }),
    });
    fireEvent.click(screen.getByRole("link", { name: "Registrieren" }));
    await screen.findByRole("heading", { name: "Konto anlegen" });
    fireEvent.click(screen.getByRole("button", { name: "Code anfordern" }));
    expect(await screen.findAllByText("Feld muss ausgefüllt werden")).toHaveLength(2);
    expect(screen.getByText("Bitte bestätige das, um weiterzumachen.")).toBeTruthy();

    type("Vorname", "Ida");
    type("Handynummer", "0171 1234567");
    fireEvent.click(screen.getByLabelText("Ich habe den Datenschutzhinweis gelesen."));
    fireEvent.click(screen.getByRole("button", { name: "Code anfordern" }));
    await screen.findByRole("heading", { name: "Code eingeben" });
    expect(calls[0]).toEqual({
      url: "/api/account/player/optin/sms",
      body: { first_name: "Ida", phone: "01711234567", story_id: "marburg", language: "de" },
    });

    type("Code aus der SMS", "482 913");
    fireEvent.click(screen.getByRole("button", { name: "Bestätigen" }));
    // Signed in with the verification's token: on to the target, no second sign-in.
    await waitFor(() => expect(router.state.location.pathname).toBe("/webapp/team"));
    expect(calls[1]?.body).toEqual({ phone: "01711234567", smscode: "482 913" });
    expect(router.state.location.search).toBe("?tjr=X");
    expect(JSON.parse(localStorage.getItem("wegmarke.config") ?? "{}").authToken).toBe("t");
    expect(calls.some((call) => call.url.endsWith("player/login/phone"))).toBe(false);
    expect((await screen.findByText(/Du bist angemeldet/)).textContent).toContain(
      "Code aus der SMS dein Passwort",
    );
    expect(kept("482913", router)).toEqual([]);
  });

  it("lets the player go on to the game without choosing a password", async () => {
    const { router, calls } = renderApp("/login", {
      respond: answering({
        "player/login/phone": () => Response.json({ value: "t", passwordIsCode: true }),
      }),
    });
    type("Handynummer", "0171 1234567");
    type("Passwort", "482913");
    fireEvent.click(screen.getByRole("button", { name: "Anmelden" }));
    fireEvent.click(await screen.findByRole("button", { name: "Später – weiter zum Spiel" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/webapp"));
    expect(router.state.location.state).toBeNull();
    expect(calls.filter((call) => call.url.endsWith("player/changepass"))).toEqual([]);
    await waitFor(() => expect(stream().url).toBe("/api/game/events?hash=t"));
  });

  it("shows a wrong code under the form", async () => {
    renderApp("/register", {
      respond: answering({ "player/optin/sms/verify": () => fail(430, "invalid code") }),
    });
    type("Vorname", "Ida");
    type("Handynummer", "0171 1234567");
    fireEvent.click(screen.getByLabelText("Ich habe den Datenschutzhinweis gelesen."));
    fireEvent.click(screen.getByRole("button", { name: "Code anfordern" }));
    type(await screen.findByLabelText("Code aus der SMS").then(() => "Code aus der SMS"), "1");
    fireEvent.click(screen.getByRole("button", { name: "Bestätigen" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Der Code stimmt nicht oder ist abgelaufen.",
    );
  });
});

describe("password", () => {
  it("sets a new password with the reset link's token and goes to the login", async () => {
    const { router, calls } = renderApp("/password?token=reset-1");
    type("Neues Passwort", "12345");
    type("Neues Passwort wiederholen", "123456");
    fireEvent.click(screen.getByRole("button", { name: "Passwort speichern" }));
    expect(await screen.findByText("Bitte gib mindestens 6 Zeichen ein.")).toBeTruthy();
    expect(screen.getByText("Bitte wiederhole das Feld korrekt.")).toBeTruthy();
    type("Neues Passwort", "geheim1");
    type("Neues Passwort wiederholen", "geheim1");
    fireEvent.click(screen.getByRole("button", { name: "Passwort speichern" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/webapp/login"));
    expect(calls.find((call) => call.url.endsWith("player/changepass"))).toEqual({
      url: "/api/account/player/changepass",
      body: { password: "geheim1", token: "reset-1" },
    });
    expect((await screen.findByRole("status")).textContent).toContain("Passwort ist geändert");
  });

  it("says that a link used meanwhile was used, and leads to the sign-in", async () => {
    let used = false;
    renderApp("/password?token=old", {
      respond: answering({
        "player/changepass": () => {
          used = true;
          return fail(401, "invalid hash");
        },
        "player/changepass/link": () =>
          Response.json({ value: used ? { State: "used" } : { State: "valid" } }),
      }),
    });
    type("Neues Passwort", "geheim1");
    type("Neues Passwort wiederholen", "geheim1");
    fireEvent.click(screen.getByRole("button", { name: "Passwort speichern" }));
    await screen.findByRole("heading", { name: "Dieser Link wurde schon benutzt" });
    expect(screen.getByText(/Melde dich damit an\./)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Zur Anmeldung" }).getAttribute("href")).toBe(
      "/webapp/login",
    );
  });

  it("changes a signed-in player's password with the auth token and the current password", async () => {
    const { calls } = renderApp("/password", { token: "abc" });
    await screen.findByRole("heading", { name: "Passwort ändern" });
    type("Neues Passwort", "geheim1");
    type("Neues Passwort wiederholen", "geheim1");
    fireEvent.click(screen.getByRole("button", { name: "Passwort speichern" }));
    expect(await screen.findByText("Feld muss ausgefüllt werden")).toBeTruthy();
    expect(screen.getByLabelText("Bisheriges Passwort").getAttribute("aria-invalid")).toBe("true");
    expect(calls.filter((call) => call.url.endsWith("player/changepass"))).toEqual([]);

    type("Bisheriges Passwort", " alt-geheim ");
    fireEvent.click(screen.getByRole("button", { name: "Passwort speichern" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Dein Passwort ist geändert.");
    expect(calls.at(-1)?.body).toEqual({
      password: "geheim1",
      token: "abc",
      current: "alt-geheim",
    });
    // The form empties.
    expect((screen.getByLabelText("Bisheriges Passwort") as HTMLInputElement).value).toBe("");
  });

  it.each([
    [430, "wrong current password", "Dein bisheriges Passwort stimmt nicht."],
    [400, "password too common", "Dieses Passwort ist zu verbreitet und leicht zu erraten."],
    [429, "too many attempts", "Zu viele Versuche."],
    [400, "current password required", "Bitte gib dein bisheriges Passwort ein."],
  ])("says why a change was refused: %i %s", async (status, reason, text) => {
    renderApp("/password", {
      token: "abc",
      respond: answering({ "player/changepass": () => fail(status, reason) }),
    });
    await screen.findByLabelText("Bisheriges Passwort");
    type("Bisheriges Passwort", "alt-geheim");
    type("Neues Passwort", "passwort");
    type("Neues Passwort wiederholen", "passwort");
    fireEvent.click(screen.getByRole("button", { name: "Passwort speichern" }));
    expect((await screen.findByRole("alert")).textContent).toContain(text);
    // Nothing typed is lost.
    expect((screen.getByLabelText("Neues Passwort") as HTMLInputElement).value).toBe("passwort");
  });

  it("asks for the current password when the SMS code no longer is it", async () => {
    const { router, calls } = renderApp("/login", {
      respond: answering({
        "player/login/phone": () => Response.json({ value: "tok-9", passwordIsCode: true }),
        "player/changepass": () => fail(430, "wrong current password"),
      }),
    });
    type("Handynummer", "0171 1234567");
    type("Passwort", "482913");
    fireEvent.click(screen.getByRole("button", { name: "Anmelden" }));
    await screen.findByRole("heading", { name: "Wähle dein Passwort" });
    type("Neues Passwort", "wegmarke-1");
    type("Neues Passwort wiederholen", "wegmarke-1");
    fireEvent.click(screen.getByRole("button", { name: "Passwort speichern" }));
    expect((await screen.findByRole("alert")).textContent).toContain(
      "Dein bisheriges Passwort stimmt nicht.",
    );
    await screen.findByRole("heading", { name: "Passwort ändern" });
    expect(await screen.findByLabelText("Bisheriges Passwort")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/webapp/password");
    await waitFor(() => expect(router.state.location.state).toBeNull());
    expect(calls.filter((call) => call.url.endsWith("player/changepass")).at(-1)?.body).toEqual({
      password: "wegmarke-1",
      token: "tok-9",
      current: "482913",
    });
  });

  it("sends a signed-out player without link to the login", () => {
    const { router } = renderApp("/password");
    expect(router.state.location.pathname).toBe("/webapp/login");
  });
});

describe("a session the server ended (401)", () => {
  const ended = "Du wurdest abgemeldet, etwa nach einer längeren Pause. Bitte melde dich neu an.";

  it("leads from a refused call to the login, which says why, and back after signing in", async () => {
    const { router } = renderApp("/station", {
      token: "abc",
      respond: answering({
        "station/activate": () => fail(401, "invalid hash"),
        "player/login/phone": () => Response.json({ value: "tok-2" }),
      }),
    });
    act(() => stream().send("playerstatus", playerStatus()));
    const marktplatz = (await screen.findByRole("link", { name: "Der Marktplatz" })).closest(
      "article",
    );
    fireEvent.click(
      within(marktplatz as HTMLElement).getByRole("button", { name: "Station starten" }),
    );
    fireEvent.click(await screen.findByRole("button", { name: "Ja, starten" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/webapp/login"));
    expect(router.state.location.search).toBe("?target=%2Fwebapp%2Fstation");
    expect((await screen.findByRole("status")).textContent).toBe(ended);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(localStorage.getItem("wegmarke.config")).toBeNull();

    type("Handynummer", "0171 1234567");
    type("Passwort", "geheim1");
    fireEvent.click(screen.getByRole("button", { name: "Anmelden" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/webapp/station"));
    await waitFor(() => expect(stream().url).toBe("/api/game/events?hash=tok-2"));
  });

  it("leads from a refused stream's reload to the login, which says why", async () => {
    const { router } = renderApp("/station", {
      token: "abc",
      respond: ({ url }) => (url.includes("/events?") ? fail(401, "invalid hash") : undefined),
    });
    act(() => stream().fail(true));
    const flash = await screen.findByRole("alert");
    fireEvent.click(within(flash).getByRole("button", { name: "Neu laden" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/webapp/login"));
    expect((await screen.findByRole("status")).textContent).toBe(ended);
  });

  it("leads from a refused password change to the login, which says why, and only that", async () => {
    const { router } = renderApp("/password", {
      token: "abc",
      respond: answering({
        "player/changepass": () => fail(401, "invalid hash"),
        events: () => fail(401, "invalid hash"),
      }),
    });
    act(() => stream().fail(true));
    expect((await screen.findByRole("alert")).textContent).toContain("Verbindung ist abgebrochen");
    type("Bisheriges Passwort", "alt-geheim");
    type("Neues Passwort", "geheim1");
    type("Neues Passwort wiederholen", "geheim1");
    fireEvent.click(screen.getByRole("button", { name: "Passwort speichern" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/webapp/login"));
    expect(router.state.location.search).toBe("?target=%2Fwebapp%2Fpassword");
    expect((await screen.findByRole("status")).textContent).toBe(ended);
    // The refused stream's message went with it.
    expect(screen.queryByRole("alert")).toBeNull();
  });
});

describe("logout", () => {
  it("closes the stream and removes token, last event id, config and cache", async () => {
    const { router } = renderApp("/station", { token: "abc" });
    act(() =>
      stream().send(
        "webtext",
        { StationID: 1, Originator: "Lena", Text: "Hi", Timestamp: new Date().toISOString() },
        4,
      ),
    );
    await waitFor(() => expect(localStorage.getItem("wegmarke.cache.abc")).not.toBeNull());
    expect(JSON.parse(localStorage.getItem("wegmarke.config") ?? "{}").lastEventId).toBe(4);
    // What tus keeps to resume a mission's upload.
    const tusKey = "tus::wegmarke-upload-k1::0.5";
    localStorage.setItem(tusKey, JSON.stringify({ uploadUrl: "/api/game/uploads/1" }));
    const source = stream();

    const menu = await openMenu();
    fireEvent.click(within(menu).getByRole("button", { name: "Abmelden" }));
    fireEvent.click(await screen.findByRole("button", { name: "Ja, abmelden" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/webapp/login"));
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
    expect(localStorage.getItem("wegmarke.config")).toBeNull();
    expect(localStorage.getItem("wegmarke.cache.abc")).toBeNull();
    expect(localStorage.getItem(tusKey)).toBeNull();
  });

  it("asks a registered player plainly, and only an anonymous one whether they play without an account", async () => {
    for (const registered of [true, false]) {
      const { unmount, calls } = renderApp("/station", {
        token: registered ? "reg" : "anon",
        respond: answering({
          "player/account": () => Response.json({ value: { Registered: registered } }),
        }),
      });
      const menu = await openMenu();
      // The menu knows the account once the server answered.
      await waitFor(() =>
        expect(calls.some((call) => call.url.endsWith("player/account"))).toBe(true),
      );
      await within(menu).findByRole("link", {
        name: registered ? "Passwort ändern" : "Spielstand sichern",
      });
      fireEvent.click(within(menu).getByRole("button", { name: "Abmelden" }));
      const dialog = await screen.findByRole("dialog");
      expect(within(dialog).queryByText(/Spielst du ohne Konto\?/) === null).toBe(registered);
      expect(within(dialog).queryByText(/jederzeit wieder an/) !== null).toBe(registered);
      unmount();
      localStorage.clear();
    }
  });

  it("also happens at /webapp/logout", async () => {
    const { router } = renderApp("/logout", { token: "abc" });
    await waitFor(() => expect(router.state.location.pathname).toBe("/webapp/login"));
    expect(localStorage.getItem("wegmarke.config")).toBeNull();
  });
});

describe("menu", () => {
  it("has password, deletion and logout, and team only where teams are allowed", async () => {
    renderApp("/station", { token: "abc" });
    const menu = await openMenu();
    expect(within(menu).getByRole("link", { name: "Passwort ändern" })).toBeTruthy();
    expect(within(menu).getByRole("link", { name: "Konto löschen" })).toBeTruthy();
    expect(within(menu).getByRole("button", { name: "Abmelden" })).toBeTruthy();
    expect(within(menu).queryByRole("link", { name: "Team" })).toBeNull();
  });
});

describe("account deletion", () => {
  // The page load of /?account-deleted=1 that follows (jsdom says "Not implemented: navigation")
  // is a browser test's: e2e/tests/registration-less.test.ts.
  it("account deletion clears local storage and signs out, and the login says the data was deleted", async () => {
    const { router, calls } = renderApp("/end", { token: "abc" });
    localStorage.setItem("wegmarke.cache.abc", "{}");
    localStorage.setItem("something.else", "1");
    fireEvent.click(screen.getByRole("button", { name: "Konto löschen" }));
    const dialog = await screen.findByRole("dialog", { name: "Konto löschen?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Ja, löschen" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/webapp/login"));
    expect(calls.find((call) => call.url.endsWith("outro/activate"))?.body).toEqual({
      Skip: true,
      Hash: "abc",
    });
    expect(localStorage.length).toBe(0);
    expect(new URLSearchParams(router.state.location.search).get("target")).toBe(
      "/webapp/?account-deleted=1",
    );
    expect((await screen.findByRole("status")).textContent).toBe(
      "Dein Konto und deine Daten wurden gelöscht.",
    );
  });

  it("/webapp/?account-deleted=1, where the server sends /?account-deleted=1, says the data was deleted", async () => {
    const { router } = renderApp("/?account-deleted=1");
    await waitFor(() => expect(router.state.location.pathname).toBe("/webapp/login"));
    expect((await screen.findByRole("status")).textContent).toBe(
      "Dein Konto und deine Daten wurden gelöscht.",
    );
  });

  it("keeps everything when the player cancels", async () => {
    const { calls } = renderApp("/end", { token: "abc" });
    fireEvent.click(screen.getByRole("button", { name: "Konto löschen" }));
    fireEvent.click(await screen.findByRole("button", { name: "Abbrechen" }));
    expect(calls.filter((call) => call.url.endsWith("outro/activate"))).toEqual([]);
    expect(localStorage.getItem("wegmarke.config")).not.toBeNull();
  });
});

describe("registration-less mode", () => {
  const config = { registrationLess: true };

  it("registers anonymously without a login screen", async () => {
    const { router, calls } = renderApp("/station", { config });
    await waitFor(() => expect(stream().url).toBe("/api/game/events?hash=new-token"));
    expect(router.state.location.pathname).toBe("/webapp/station");
    expect(calls[0]?.url).toBe("/api/account/player/optin/anon");
    expect(screen.queryByRole("button", { name: "Kostenlos mitmachen" })).toBeNull();
  });

  it("hides logout and change password in the menu", async () => {
    renderApp("/station", { token: "abc", config });
    const menu = await openMenu();
    expect(within(menu).queryByRole("button", { name: "Abmelden" })).toBeNull();
    expect(within(menu).queryByRole("link", { name: "Passwort ändern" })).toBeNull();
    expect(within(menu).getByRole("link", { name: "Konto löschen" })).toBeTruthy();
  });

  it.each([
    [406, "invalid lasteventiD parameter"],
    [401, "invalid hash"],
    [406, "invalid hash"],
  ])("registers anew without visible error on %i %s", async (status, reason) => {
    const { router } = renderApp("/station", {
      token: "abc",
      config,
      respond: ({ url }) => (url.includes("/events?") ? fail(status, reason) : undefined),
    });
    act(() => stream().fail(true));
    await waitFor(() => expect(stream().url).toBe("/api/game/events?hash=new-token"));
    expect(router.state.location.pathname).toBe("/webapp/station");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(localStorage.getItem("wegmarke.cache.abc")).toBeNull();
  });

  it("sends /webapp/login on to the target", async () => {
    const { router } = renderApp("/login?target=%2Fwebapp%2Fstation", { config });
    await waitFor(() => expect(router.state.location.pathname).toBe("/webapp/station"));
    // Signed in there: the game's stream opens (before the test's fake goes).
    await waitFor(() => expect(FakeEventSource.instances.length).toBeGreaterThan(0));
  });
});

describe("a stream that cannot resume", () => {
  it("on 406 invalid lasteventiD parameter says so, and its reload starts over without last event id", async () => {
    renderApp("/station", {
      token: "abc",
      respond: ({ url }) =>
        url.includes("/events?") ? fail(406, "invalid lasteventiD parameter") : undefined,
    });
    act(() =>
      stream().send(
        "webtext",
        { StationID: 1, Originator: "Lena", Text: "Hi", Timestamp: new Date().toISOString() },
        9,
      ),
    );
    expect(stream().url).toBe("/api/game/events?hash=abc");
    act(() => stream().fail(true));
    const flash = await screen.findByRole("alert");
    expect(flash.textContent).toContain("Die Verbindung ist abgebrochen.");
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem("wegmarke.cache.abc") ?? "{}").lastEventId).toBe(9);

    fireEvent.click(within(flash).getByRole("button", { name: "Neu laden" }));
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(2));
    expect(stream().url).toBe("/api/game/events?hash=abc");
    expect(screen.queryByRole("alert")).toBeNull();
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem("wegmarke.cache.abc") ?? "{}").lastEventId).toBeNull(),
    );
  });
});

describe("teams", () => {
  const config = { allowTeams: true, teams: "required" } as const;

  it("sends a player without team from the game views to /webapp/team", async () => {
    const { router } = renderApp("/station", { token: "abc", config });
    expect(screen.getByText("Einen Moment …")).toBeTruthy();
    act(() => stream().send("playerstatus", playerStatus({ HasTeam: false })));
    await waitFor(() => expect(router.state.location.pathname).toBe("/webapp/team"));
    expect(screen.getByRole("heading", { name: "Einem Team beitreten" })).toBeTruthy();
  });

  it("lets team members into the game views", async () => {
    const { router } = renderApp("/station", { token: "abc", config });
    act(() => stream().send("playerstatus", playerStatus({ HasTeam: true })));
    await waitFor(() => expect(screen.queryByText("Einen Moment …")).toBeNull());
    expect(router.state.location.pathname).toBe("/webapp/station");
    expect(screen.queryByRole("heading", { name: "Einem Team beitreten" })).toBeNull();
  });

  it("creates an invitation with code and QR code", async () => {
    const { calls } = renderApp("/team", {
      token: "abc",
      config,
      respond: answering({ "team/invite": () => Response.json({ value: "ABCD2345" }) }),
    });
    fireEvent.click(screen.getByRole("button", { name: "Einladung erstellen" }));
    expect((await screen.findByTestId("invite-code")).textContent).toBe("ABCD2345");
    const qr = screen.getByRole("img", { name: "QR-Code der Einladung" });
    expect(qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml/);
    expect(calls.at(-1)).toEqual({ url: "/api/game/team/invite", body: { Hash: "abc" } });
  });

  it("copies the invitation link, and says so when the clipboard fails", async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    renderApp("/team", {
      token: "abc",
      config,
      respond: answering({ "team/invite": () => Response.json({ value: "ABCD2345" }) }),
    });
    fireEvent.click(screen.getByRole("button", { name: "Einladung erstellen" }));
    fireEvent.click(await screen.findByRole("button", { name: "Link kopieren" }));
    await screen.findByText("Link kopiert.");
    expect(writeText).toHaveBeenCalledWith("http://localhost:3000/webapp/team?tjr=ABCD2345");

    writeText.mockRejectedValueOnce(new DOMException("denied", "NotAllowedError"));
    fireEvent.click(screen.getByRole("button", { name: "Link kopieren" }));
    expect((await screen.findByRole("alert")).textContent).toContain(
      "Das Kopieren in die Zwischenablage hat nicht geklappt.",
    );
  });

  const preview = {
    "team/preview": () =>
      Response.json({
        value: { Members: ["Anna"], Member: false, InTeam: false, Points: 0, StationsDone: 0 },
      }),
  };

  it("joins by code after the player confirmed, then reconnects the stream from its beginning", async () => {
    const { router, calls } = renderApp("/team", {
      token: "abc",
      config,
      respond: answering(preview),
    });
    act(() =>
      stream().send(
        "webtext",
        { StationID: 1, Originator: "Lena", Text: "Hi", Timestamp: new Date().toISOString() },
        5,
      ),
    );
    const before = stream();
    type("Einladungscode", "abcd2345");
    fireEvent.click(screen.getByRole("button", { name: "Beitreten" }));
    fireEvent.click(await screen.findByRole("button", { name: "Ja, beitreten" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/webapp"));
    expect(calls.at(-1)?.url).toBe("/api/game/team/join?hash=abc&tjr=abcd2345");
    expect(before.readyState).toBe(FakeEventSource.CLOSED);
    await waitFor(() => expect(stream()).not.toBe(before));
    expect(stream().url).toBe("/api/game/events?hash=abc");
    expect(JSON.parse(localStorage.getItem("wegmarke.config") ?? "{}").lastEventId).toBeNull();
  });

  it("shows a failed join inline", async () => {
    renderApp("/team", {
      token: "abc",
      config,
      respond: answering({ "team/preview": () => fail(400, "team invitation failed") }),
    });
    type("Einladungscode", "nope");
    fireEvent.click(screen.getByRole("button", { name: "Beitreten" }));
    const error = await screen.findByRole("alert");
    expect(error.textContent).toBe("Der Beitritt zum Team hat nicht geklappt.");
    expect(error.closest("form")).not.toBeNull();
  });

  it("a team-join link parameter tjr asks to join the team right after login", async () => {
    const { router, calls } = renderApp("/team?tjr=ABCD2345", {
      config,
      respond: answering(preview),
    });
    expect(router.state.location.pathname).toBe("/webapp/login");
    fireEvent.click(screen.getByRole("button", { name: "Kostenlos mitmachen" }));
    fireEvent.click(await screen.findByRole("button", { name: "Ja, beitreten" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/webapp"));
    expect(calls.map((call) => call.url)).toContain(
      "/api/game/team/join?hash=new-token&tjr=ABCD2345",
    );
  });

  it("shows a failed invitation link as a flash message", async () => {
    const { router } = renderApp("/team?tjr=OLD", {
      token: "abc",
      config,
      respond: answering({ "team/preview": () => fail(400, "team invitation failed") }),
    });
    const flash = await screen.findByRole("alert");
    expect(flash.classList.contains("flash")).toBe(true);
    expect(flash.textContent).toContain("Der Beitritt zum Team hat nicht geklappt.");
    await waitFor(() => expect(router.state.location.search).toBe(""));
    expect(screen.getByRole("heading", { name: "Einem Team beitreten" })).toBeTruthy();
  });

  it("starts over when a team joined on another device shows in the status", async () => {
    renderApp("/team", { token: "abc", config });
    act(() => stream().send("playerstatus", playerStatus({ HasTeam: false })));
    act(() => stream().send("playerstatus", playerStatus({ HasTeam: true })));
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(2));
    expect(stream().url).toBe("/api/game/events?hash=abc");
  });

  it("is the 404 where teams are not allowed", () => {
    renderApp("/team", { token: "abc" });
    expect(screen.getByRole("heading", { name: "Diese Seite gibt es nicht." })).toBeTruthy();
  });
});

describe("debug", () => {
  it("is the 404 unless the pack enables debug, title included", async () => {
    renderApp("/debug", { token: "abc" });
    expect(screen.getByRole("heading", { name: "Diese Seite gibt es nicht." })).toBeTruthy();
    await waitFor(() => expect(document.title).toMatch(/^404 Nicht gefunden · /));
  });

  it("shows the session token and replaces the auth token", async () => {
    renderApp("/debug", { token: "abc", config: { debug: true } });
    expect(screen.getByText("abc")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Token verwenden" }));
    expect(await screen.findByText("Feld muss ausgefüllt werden")).toBeTruthy();
    type("Auth-Token", " other ");
    fireEvent.click(screen.getByRole("button", { name: "Token verwenden" }));
    await waitFor(() => expect(stream().url).toBe("/api/game/events?hash=other"));
    expect(screen.getByText("other")).toBeTruthy();
  });
});
