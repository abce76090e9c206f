import { useState } from "react";
import { useTranslation } from "react-i18next";
import { optinAnonymous } from "../../api/account-api";
import { toApiError } from "../../api/api-error";
import { useSession } from "../../app/session";
import { apiErrorKey } from "../../i18n/api-error-key";

/** "Kostenlos mitmachen": registers anonymously for the game's story, in the chosen language. */
export function AnonymousJoin() {
  const { t } = useTranslation();
  const { config, language, signIn } = useSession();
  const [busy, setBusy] = useState(false);
  const [errorCode, setErrorCode] = useState<string | null>(null);

  async function join() {
    setBusy(true);
    setErrorCode(null);
    try {
      signIn(await optinAnonymous({ ...config, language }));
    } catch (error) {
      setErrorCode(toApiError(error).code);
      setBusy(false);
    }
  }

  return (
    <div className="login__join">
      <button
        type="button"
        className="button button--primary button--block button--large"
        aria-busy={busy}
        disabled={busy}
        onClick={() => void join()}
      >
        {busy && <span className="spinner" aria-hidden="true" />}
        {t("login.participate")}
      </button>
      <p className="login__note">{t("login.note")}</p>
      {errorCode !== null && (
        <p className="form-error" role="alert">
          {t(apiErrorKey(errorCode))}
        </p>
      )}
    </div>
  );
}
