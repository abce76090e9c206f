import { createContext, useCallback, useContext, useEffect, useMemo, useState } from "react";
import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { useTranslation } from "../i18n/use-translation";
import "./flash.css";

type Flash = {
  text: string;
  /**
   * `note`: a success that goes by itself after a few seconds; `error` (the default) stays until
   * it is closed. Either goes when the player moves to another screen.
   */
  kind?: "note" | "error";
  /**
   * Offers "reload" instead of "close" (a lost event stream): the page reloads, or, when this
   * is a function, the message goes and the function does what a reload should.
   */
  reload?: true | (() => void);
  /** Lets the sender take back its own message, e.g. when the stream is open again. */
  tag?: string;
};

type FlashApi = {
  show(flash: Flash): void;
  dismiss(tag: string): void;
  /** Takes back whatever message is shown. */
  clear(): void;
  /**
   * The message shown now goes with the player to the next screen (a passage such as a QR
   * link, which moves on to the screen where its refusal is read).
   */
  follow(): void;
  /** The player is on the screen of `path` now: a message of another screen goes. */
  screenShown(path: string): void;
};

/** A message with the screen (path) it was shown on, or `next`: the screen the player goes to. */
type Shown = { flash: Flash; screen: string | "next" };

/** How long a note stays: long enough to read it, a few seconds. */
export function noteMs(text: string): number {
  return Math.min(8000, Math.max(4000, text.length * 60));
}

const FlashContext = createContext<FlashApi | null>(null);

function FlashMessage({ flash, onClose }: { flash: Flash; onClose(): void }) {
  const { t } = useTranslation();
  function reload(action: Flash["reload"]) {
    if (typeof action !== "function") {
      window.location.reload();
      return;
    }
    onClose();
    action();
  }
  return (
    <div
      className={flash.kind === "note" ? "flash flash--note" : "flash"}
      role="alert"
      data-kind={flash.kind ?? "error"}
    >
      <p className="flash__text">{flash.text}</p>
      {flash.reload !== undefined ? (
        <button type="button" className="flash__button" onClick={() => reload(flash.reload)}>
          {t("flash.reload")}
        </button>
      ) : (
        <button type="button" className="flash__button" onClick={onClose}>
          {t("flash.close")}
        </button>
      )}
    </div>
  );
}

/**
 * Shows one flash message at a time; a newer one replaces the older. A message belongs to the
 * screen it was shown on (show it after a navigation to have it on the next screen), except one
 * that offers a reload (the lost stream concerns every screen).
 */
export function FlashProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<Shown | null>(null);
  const show = useCallback(
    (flash: Flash) => setShown({ flash, screen: window.location.pathname }),
    [],
  );
  const dismiss = useCallback(
    (tag: string) => setShown((current) => (current?.flash.tag === tag ? null : current)),
    [],
  );
  const clear = useCallback(() => setShown(null), []);
  const follow = useCallback(
    () => setShown((current) => (current === null ? null : { ...current, screen: "next" })),
    [],
  );
  const screenShown = useCallback(
    (path: string) =>
      setShown((current) => {
        if (current?.screen === "next") return { ...current, screen: path };
        return current === null || current.flash.reload !== undefined || current.screen === path
          ? current
          : null;
      }),
    [],
  );
  useEffect(() => {
    if (shown?.flash.kind !== "note") return;
    const timer = setTimeout(
      () => setShown((current) => (current === shown ? null : current)),
      noteMs(shown.flash.text),
    );
    return () => clearTimeout(timer);
  }, [shown]);
  const api = useMemo(
    () => ({ show, dismiss, clear, follow, screenShown }),
    [show, dismiss, clear, follow, screenShown],
  );
  return (
    <FlashContext value={api}>
      {children}
      {shown !== null && <FlashMessage flash={shown.flash} onClose={() => setShown(null)} />}
    </FlashContext>
  );
}

/** Inside the router: tells the flash messages which screen is shown. */
export function FlashScreens() {
  const { pathname } = useLocation();
  const { screenShown } = useFlash();
  useEffect(() => {
    screenShown(window.location.pathname);
  }, [pathname, screenShown]);
  return null;
}

export function useFlash(): FlashApi {
  const api = useContext(FlashContext);
  if (api === null) throw new Error("useFlash needs a FlashProvider");
  return api;
}
