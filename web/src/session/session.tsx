import { createContext, useCallback, useContext, useEffect, useMemo, useState } from "react";
import type { ReactNode } from "react";
import type { Language, PublicContent, WebAppConfig } from "@wegmarke/protocol";
import { previewLanguage } from "../lib/app-base";
import { browserLanguages, startLanguage } from "../i18n/browser-language";
import { switchLanguage } from "../i18n/use-translation";
import { forgetOutbox } from "./outbox";
import { clearPersisted, clearStorage, startConfig, updateConfig } from "./persistence";

type Session = {
  config: WebAppConfig;
  language: Language;
  /** The auth token; null while anonymous. */
  token: string | null;
  /** Station texts in the current language; null until loaded. */
  content: PublicContent | null;
  /** The last try to load the texts failed; `retryContent` tries again. */
  contentFailed: boolean;
  retryContent(): void;
  setLanguage(language: Language): void;
  signIn(token: string): void;
  /** Logout: the stream closes (the game unmounts), token, config and cache are removed. */
  signOut(): void;
  /**
   * The server no longer knows the token (401, e.g. after 30 days unused): signed out like
   * `signOut`, and the login the guards lead to says why.
   */
  expire(): void;
  /** The session ended by `expire` (until the next sign-in). */
  sessionEnded: boolean;
  /** After the account was deleted: signed out, and the whole local storage cleared. */
  forget(): void;
  /** The account was deleted in this visit (until the next sign-in). */
  accountDeleted: boolean;
};

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({
  config,
  children,
}: {
  config: WebAppConfig;
  children: ReactNode;
}) {
  const [start] = useState(() => startConfig(config));
  const [token, setToken] = useState(start.authToken);
  // The language picked on this device wins; else the browser's, where the pack follows it.
  const [language, setLanguageState] = useState<Language>(
    () => start.language ?? previewLanguage() ?? startLanguage(config, browserLanguages()),
  );
  const [loaded, setLoaded] = useState<PublicContent | null>(null);
  const [contentFailed, setContentFailed] = useState(false);
  /** Counts the tries to load the texts: each one fetches them again. */
  const [contentTry, setContentTry] = useState(0);
  const retryContent = useCallback(() => setContentTry((count) => count + 1), []);
  const [accountDeleted, setAccountDeleted] = useState(false);
  const [sessionEnded, setSessionEnded] = useState(false);

  useEffect(() => {
    void switchLanguage(language);
  }, [language]);

  useEffect(() => {
    let live = true;
    // On demand, as in app.tsx: the texts are parsed with zod.
    import("../api/webapp-api")
      .then(({ loadContent }) => loadContent(language))
      .then(
        (content) => {
          if (!live) return;
          setLoaded(content);
          setContentFailed(false);
        },
        (error: unknown) => {
          console.warn("could not load the station texts", error);
          if (live) setContentFailed(true);
        },
      );
    return () => {
      live = false;
    };
  }, [language, contentTry]);

  useEffect(() => {
    // Back online: texts that could not be loaded are fetched again without a tap.
    if (!contentFailed) return;
    window.addEventListener("online", retryContent);
    return () => window.removeEventListener("online", retryContent);
  }, [contentFailed, retryContent]);

  const setLanguage = useCallback(
    (next: Language) => {
      updateConfig(start, { language: next });
      setLanguageState(next);
    },
    [start],
  );

  const signIn = useCallback(
    (next: string) => {
      updateConfig(start, { authToken: next, lastEventId: null, language });
      setToken(next);
      setAccountDeleted(false);
      setSessionEnded(false);
    },
    [start, language],
  );

  const signOut = useCallback(() => {
    clearPersisted(token);
    if (token !== null) {
      forgetOutbox(token).catch((error: unknown) =>
        console.warn("could not empty the mission outbox", error),
      );
    }
    setToken(null);
  }, [token]);

  const expire = useCallback(() => {
    clearPersisted(token);
    setToken(null);
    setSessionEnded(true);
  }, [token]);

  const forget = useCallback(() => {
    clearStorage();
    setToken(null);
    setAccountDeleted(true);
  }, []);

  const content = loaded?.language === language ? loaded : null;
  const session = useMemo(
    () => ({
      config,
      language,
      token,
      content,
      contentFailed,
      retryContent,
      setLanguage,
      signIn,
      signOut,
      expire,
      sessionEnded,
      forget,
      accountDeleted,
    }),
    [
      config,
      language,
      token,
      content,
      contentFailed,
      retryContent,
      setLanguage,
      signIn,
      signOut,
      expire,
      sessionEnded,
      forget,
      accountDeleted,
    ],
  );
  return <SessionContext value={session}>{children}</SessionContext>;
}

/** The session, or null outside one (a shared piece rendered on its own). */
export function useOptionalSession(): Session | null {
  return useContext(SessionContext);
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (session === null) throw new Error("useSession needs a SessionProvider");
  return session;
}
