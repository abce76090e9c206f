import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "../i18n/use-translation";
import { useLocation, useNavigate } from "react-router";
import { apiErrorKey } from "../api/api-error-key";
import { isAccountDeleted } from "../lib/paths";
import { useSession } from "../session/session";
import { useAnonymousSignIn } from "../session/use-anonymous-sign-in";
import { BootLogo } from "./boot-logo";
import "./boot.css";

/**
 * Registration-less mode (spec 6): a player without token is registered anonymously, without
 * ever seeing a login screen. Right after deleting the account it waits to be asked.
 */
export function AutoRegister() {
  const { t } = useTranslation();
  const { accountDeleted } = useSession();
  const signInAnonymously = useAnonymousSignIn();
  const location = useLocation();
  const navigate = useNavigate();
  const deleted = accountDeleted || isAccountDeleted(new URLSearchParams(location.search));
  const [errorKey, setErrorKey] = useState<ReturnType<typeof apiErrorKey> | null>(null);
  const started = useRef(false);

  const register = useCallback(async () => {
    setErrorKey(null);
    const error = await signInAnonymously();
    if (error !== null) setErrorKey(apiErrorKey(error.code, error.reason));
    return error === null;
  }, [signInAnonymously]);

  useEffect(() => {
    // Once per visit, also where StrictMode runs effects twice.
    if (deleted || started.current) return;
    started.current = true;
    void register();
  }, [deleted, register]);

  async function playAgain() {
    if (await register()) void navigate("/", { replace: true });
  }

  return (
    <div className="boot" aria-busy={errorKey === null && !deleted}>
      <BootLogo />
      {deleted && errorKey === null && (
        <>
          <p className="boot__text" role="status">
            {t("end.deleted")}
          </p>
          <button type="button" className="button button--primary" onClick={() => void playAgain()}>
            {t("end.again")}
          </button>
        </>
      )}
      {!deleted && errorKey === null && <p className="boot__text">{t("app.loading")}</p>}
      {errorKey !== null && (
        <>
          <p className="boot__text" role="alert">
            {t(errorKey)}
          </p>
          <button type="button" className="button button--primary" onClick={() => void playAgain()}>
            {t("app.retry")}
          </button>
        </>
      )}
    </div>
  );
}
