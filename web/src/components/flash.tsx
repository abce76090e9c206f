import { createContext, useCallback, useContext, useMemo, useState } from "react";
import type { ReactNode } from "react";
import { useTranslation } from "../i18n/use-translation";
import "./flash.css";

type Flash = {
  text: string;
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
};

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
    <div className="flash" role="alert">
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

/** Shows one flash message at a time; a newer one replaces the older. */
export function FlashProvider({ children }: { children: ReactNode }) {
  const [flash, setFlash] = useState<Flash | null>(null);
  const show = useCallback((next: Flash) => setFlash(next), []);
  const dismiss = useCallback(
    (tag: string) => setFlash((current) => (current?.tag === tag ? null : current)),
    [],
  );
  const clear = useCallback(() => setFlash(null), []);
  const api = useMemo(() => ({ show, dismiss, clear }), [show, dismiss, clear]);
  return (
    <FlashContext value={api}>
      {children}
      {flash !== null && <FlashMessage flash={flash} onClose={() => setFlash(null)} />}
    </FlashContext>
  );
}

export function useFlash(): FlashApi {
  const api = useContext(FlashContext);
  if (api === null) throw new Error("useFlash needs a FlashProvider");
  return api;
}
