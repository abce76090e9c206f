import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";

const STORAGE_KEY = "wegmarke.scroll";
/** The history entries whose place is kept: the newest ones. */
const KEPT = 50;
/** How long a return waits at most for its screen to be tall enough (a slow phone, a slow net). */
const RESTORE_MS = 5_000;

/** Where the page was scrolled to, by history entry (`location.key`), for the tab's session. */
const positions = new Map<string, number>(readStored());

function readStored(): [string, number][] {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "[]");
    if (!Array.isArray(value)) return [];
    return value.filter(
      (entry): entry is [string, number] =>
        Array.isArray(entry) && typeof entry[0] === "string" && typeof entry[1] === "number",
    );
  } catch {
    return [];
  }
}

function store(): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].slice(-KEPT)));
  } catch {
    // Private mode: the places last until the page goes.
  }
}

function remember(key: string, top: number): void {
  positions.delete(key);
  positions.set(key, top);
  if (positions.size > KEPT) positions.delete(positions.keys().next().value ?? key);
}

/**
 * A new screen opens at its top; back and forward (and a reload) return to where the player
 * was on that history entry. The browser's own restoration is off: it would keep the place of
 * the screen before, or restore before the screen has its content.
 */
export function ScrollRestoration(): null {
  const { key } = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    history.scrollRestoration = "manual";
    window.addEventListener("pagehide", store);
    return () => window.removeEventListener("pagehide", store);
  }, []);

  // The place on the entry shown, as the player scrolls. The entry is set as it is shown: the
  // scroll of a new screen to its top is its own, not the place left on the screen before.
  const shown = useRef(key);
  useEffect(() => {
    const save = () => remember(shown.current, window.scrollY);
    window.addEventListener("scroll", save, { passive: true });
    return () => window.removeEventListener("scroll", save);
  }, []);

  useLayoutEffect(() => {
    shown.current = key;
    if (navigationType !== "POP") {
      window.scrollTo(0, 0);
      return;
    }
    const top = positions.get(key);
    if (top === undefined) return;
    // The screen may get its content a moment later (its code, the game's status): tried each
    // frame until the page is tall enough, unless the player scrolls first.
    let frame = 0;
    const until = performance.now() + RESTORE_MS;
    const attempt = () => {
      window.scrollTo(0, top);
      if (Math.abs(window.scrollY - top) < 1 || performance.now() > until) return;
      frame = requestAnimationFrame(attempt);
    };
    const stop = () => cancelAnimationFrame(frame);
    const inputs = ["wheel", "touchstart", "keydown"] as const;
    for (const input of inputs) window.addEventListener(input, stop, { passive: true });
    attempt();
    return () => {
      stop();
      for (const input of inputs) window.removeEventListener(input, stop);
    };
  }, [key, navigationType]);

  return null;
}
