import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { toApiError } from "../../api/api-error";
import { apiErrorKey } from "../../api/api-error-key";
import { deleteAccount } from "../../api/outro-api";
import { useConfirm } from "../../components/confirm";
import { useFlash } from "../../components/flash";
import { accountDeletedUrl } from "../../lib/paths";
import { useSession } from "../../session/session";
import "../account.css";

/**
 * /webapp/end (spec "End"): deletes the account after a confirm dialog, clears the local
 * storage and goes to /?account-deleted=1 (spec 4), a new page load that the server redirects
 * to /webapp/?account-deleted=1, which says that the data was deleted.
 */
export function EndScreen() {
  const { t } = useTranslation();
  const { config, token, forget } = useSession();
  const confirm = useConfirm();
  const { show } = useFlash();
  const [busy, setBusy] = useState(false);

  async function remove() {
    if (token === null) return;
    const ok = await confirm({
      title: t("end.confirm.title"),
      text: t("end.confirm.text"),
      confirmLabel: t("end.confirm.confirm"),
      cancelLabel: t("end.confirm.cancel"),
      destructive: true,
    });
    if (!ok) return;
    setBusy(true);
    try {
      await deleteAccount({ gameBase: config.gameBase, token });
    } catch (error) {
      const { code, reason } = toApiError(error);
      show({ text: t(apiErrorKey(code, reason)) });
      setBusy(false);
      return;
    }
    // Signed out first, so that nothing of the game is stored again before the page goes.
    forget();
    window.location.replace(accountDeletedUrl);
  }

  return (
    <section className="account account--end" aria-labelledby="end-heading">
      <h2 id="end-heading" className="account__heading">
        {t("end.heading")}
      </h2>
      <p className="account__warning">{t("end.text")}</p>
      <button
        type="button"
        className="button button--danger button--block"
        aria-busy={busy}
        disabled={busy}
        onClick={() => void remove()}
      >
        {busy && <span className="spinner" aria-hidden="true" />}
        {t("end.delete")}
      </button>
    </section>
  );
}
