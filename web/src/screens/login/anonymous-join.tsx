import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { apiErrorKey } from "../../api/api-error-key";
import { useAnonymousSignIn } from "../../session/use-anonymous-sign-in";

/** "Kostenlos mitmachen": registers anonymously for the game's story, in the chosen language. */
export function AnonymousJoin() {
  const { t } = useTranslation();
  const signInAnonymously = useAnonymousSignIn();
  const [busy, setBusy] = useState(false);
  const [errorCode, setErrorCode] = useState<string | null>(null);

  async function join() {
    setBusy(true);
    setErrorCode(null);
    const error = await signInAnonymously();
    if (error === null) return;
    setErrorCode(error.code);
    setBusy(false);
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
