import { useCallback, useEffect, useState } from "react";
import type { OpsMe } from "@wegmarke/protocol";
import { ApiError, onSignInRequired } from "../api/client";
import { errorText } from "../api/error-text";
import { chooseGame, chosenGame } from "../api/game-choice";
import { getMe, signOut } from "../api/ops-api";
import { I18nProvider, useI18n } from "../i18n/i18n";
import { LanguageSwitch } from "./language-switch";
import { GameElsewhere } from "./game-switch";
import { FirstPassword } from "./password";
import { Shell } from "./shell";
import { SignIn } from "./sign-in";

type Session =
  | { state: "checking" }
  | { state: "signedOut"; notice?: string }
  | { state: "signedIn"; me: OpsMe }
  | { state: "unreachable"; error: unknown };

/** The console: the sign-in form until the session cookie holds, then its sections. */
export function App() {
  return (
    <I18nProvider>
      <SessionGate />
    </I18nProvider>
  );
}

function SessionGate() {
  const texts = useI18n();
  const { t } = texts;
  const [session, setSession] = useState<Session>({ state: "checking" });
  const [attempt, setAttempt] = useState(0);

  // Any call that finds the session gone brings the sign-in back.
  useEffect(() => onSignInRequired(() => setSession({ state: "signedOut" })), []);

  useEffect(() => {
    getMe().then(
      (me) => setSession({ state: "signedIn", me }),
      (error: unknown) => {
        // The game the browser kept has ended (410) or is gone (404): the first one instead.
        const gone = error instanceof ApiError && (error.status === 410 || error.status === 404);
        if (gone && chosenGame !== null) return chooseGame(null);
        setSession(
          error instanceof ApiError && error.status === 401
            ? { state: "signedOut" }
            : { state: "unreachable", error },
        );
      },
    );
  }, [attempt]);

  const leave = useCallback(async () => {
    try {
      await signOut();
      setSession({ state: "signedOut" });
    } catch (error) {
      // Signed out already (401), or the cookie may still hold: the form says so.
      setSession({
        state: "signedOut",
        ...(error instanceof ApiError && error.status === 401
          ? {}
          : { notice: errorText(error, texts) }),
      });
    }
  }, [texts]);

  switch (session.state) {
    case "checking":
      return (
        <main className="center" aria-busy="true">
          <p>{t("app.loading")}</p>
        </main>
      );
    case "unreachable":
      return (
        <main className="center">
          <div className="card stack">
            <h1>{t("app.title")}</h1>
            <p role="alert">
              {t("app.sessionCheckFailed", { reason: errorText(session.error, texts) })}
            </p>
            <button
              type="button"
              className="button"
              onClick={() => {
                setSession({ state: "checking" });
                setAttempt((value) => value + 1);
              }}
            >
              {t("app.retry")}
            </button>
            <LanguageSwitch />
          </div>
        </main>
      );
    case "signedOut":
      return (
        <SignIn
          {...(session.notice !== undefined && { notice: session.notice })}
          onSignedIn={(me) => setSession({ state: "signedIn", me })}
        />
      );
    case "signedIn":
      // A one-time password: the server answers nothing else until it is changed.
      return session.me.passwordChangeRequired ? (
        <FirstPassword
          me={session.me}
          onChanged={(me) => setSession({ state: "signedIn", me })}
          onSignOut={leave}
        />
      ) : session.me.member ? (
        <Shell me={session.me} onSignOut={leave} />
      ) : (
        <GameElsewhere onSignOut={() => void leave()} />
      );
  }
}
