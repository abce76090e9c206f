import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { optinAnonymous } from "../api/account-api";
import { toApiError } from "../api/api-error";
import { apiErrorKey } from "../i18n/api-error-key";
import { isAccountDeleted } from "./paths";
import { useSession } from "./session";

/**
 * Registration-less mode (spec 6): a player without token is registered anonymously, without
 * ever seeing a login screen. Right after deleting the account it waits to be asked.
 */
export function AutoRegister() {
  const { t } = useTranslation();
  const { config, language, signIn, accountDeleted } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const deleted = accountDeleted || isAccountDeleted(new URLSearchParams(location.search));
  const [errorKey, setErrorKey] = useState<ReturnType<typeof apiErrorKey> | null>(null);
  const started = useRef(false);

  const register = useCallback(async () => {
    setErrorKey(null);
    try {
      signIn(await optinAnonymous({ ...config, language }));
      return true;
    } catch (error) {
      const { code, reason } = toApiError(error);
      setErrorKey(apiErrorKey(code, reason));
      return false;
    }
  }, [config, language, signIn]);

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
      <img className="boot__logo" src={`${import.meta.env.BASE_URL}icons/icon.svg`} alt="" />
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
