import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BrowserRouter, Link, useNavigate } from "react-router";
import { setupI18n } from "../i18n/i18n";
import { FlashProvider, FlashScreens, noteMs, useFlash } from "./flash";

function Screen() {
  const { show, follow } = useFlash();
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => show({ text: "Das ging schief." })}>
        Fehler
      </button>
      <button type="button" onClick={() => show({ text: "Gespeichert.", kind: "note" })}>
        Speichern
      </button>
      <button
        type="button"
        onClick={() => show({ text: "Verbindung weg.", reload: () => undefined })}
      >
        Abbruch
      </button>
      <button
        type="button"
        onClick={() => {
          void navigate("/weiter");
          show({ text: "Angekommen.", kind: "note" });
        }}
      >
        Weiter mit Nachricht
      </button>
      <button
        type="button"
        onClick={() => {
          show({ text: "Zu diesem Code gibt es nichts." });
          follow();
          void navigate("/liste", { replace: true });
        }}
      >
        Durchgang
      </button>
      <Link to="/anderswo">Anderswo</Link>
    </>
  );
}

function renderApp() {
  render(
    <FlashProvider>
      <BrowserRouter>
        <FlashScreens />
        <Screen />
      </BrowserRouter>
    </FlashProvider>,
  );
}

const press = (name: string) => fireEvent.click(screen.getByRole("button", { name }));
const flashText = () => screen.queryByRole("alert")?.querySelector("p")?.textContent ?? null;

beforeEach(() => {
  void setupI18n("de");
  window.history.replaceState(null, "", "/start");
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("flash messages", () => {
  it("a success note goes by itself after a few seconds", () => {
    renderApp();
    press("Speichern");
    expect(flashText()).toBe("Gespeichert.");
    act(() => void vi.advanceTimersByTime(noteMs("Gespeichert.") - 1));
    expect(flashText()).toBe("Gespeichert.");
    act(() => void vi.advanceTimersByTime(1));
    expect(flashText()).toBeNull();
  });

  it("an error stays until it is closed", () => {
    renderApp();
    press("Fehler");
    act(() => void vi.advanceTimersByTime(60_000));
    expect(flashText()).toBe("Das ging schief.");
    press("Schließen");
    expect(flashText()).toBeNull();
  });

  it("neither follows to another screen", () => {
    renderApp();
    press("Fehler");
    act(() => void fireEvent.click(screen.getByRole("link", { name: "Anderswo" })));
    expect(window.location.pathname).toBe("/anderswo");
    expect(flashText()).toBeNull();
  });

  it("a message shown after a move belongs to the new screen", () => {
    renderApp();
    act(() => void press("Weiter mit Nachricht"));
    expect(window.location.pathname).toBe("/weiter");
    expect(flashText()).toBe("Angekommen.");
  });

  it("a passage's message follows to the screen it leads to, and no further", () => {
    renderApp();
    act(() => void press("Durchgang"));
    expect(window.location.pathname).toBe("/liste");
    expect(flashText()).toBe("Zu diesem Code gibt es nichts.");
    act(() => void fireEvent.click(screen.getByRole("link", { name: "Anderswo" })));
    expect(flashText()).toBeNull();
  });

  it("a lost stream's reload concerns every screen", () => {
    renderApp();
    press("Abbruch");
    act(() => void fireEvent.click(screen.getByRole("link", { name: "Anderswo" })));
    expect(flashText()).toBe("Verbindung weg.");
  });

  it("a note stays long enough to read it, and no more than 8 s", () => {
    expect(noteMs("Gespeichert.")).toBe(4000);
    expect(noteMs("x".repeat(100))).toBe(6000);
    expect(noteMs("x".repeat(1000))).toBe(8000);
  });
});
