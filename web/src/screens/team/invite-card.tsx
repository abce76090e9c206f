import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { toApiError } from "../../api/api-error";
import { teamErrorKey } from "../../api/api-error-key";
import { useFlash } from "../../components/flash";
import { teamInviteLink } from "../../lib/paths";
import { qrCodeDataUrl } from "../../lib/qr-code";
import { useSession } from "../../session/session";
import { useTeam } from "../../session/use-team";

type Invitation = { code: string; link: string; qrCode: string };

/**
 * Creates an invitation and shows its code and QR code (spec "Team"); the link can be shared
 * where the browser can, and copied. Errors show as `apiError.team.{code}`.
 */
export function InviteCard() {
  const { t } = useTranslation();
  const { config, content } = useSession();
  const { invite } = useTeam();
  const { show } = useFlash();
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);
  const [errorKey, setErrorKey] = useState<ReturnType<typeof teamErrorKey> | null>(null);
  const canShare = typeof navigator.share === "function";

  async function create() {
    setBusy(true);
    setErrorKey(null);
    setCopied(false);
    try {
      const code = await invite();
      const link = teamInviteLink(window.location.origin, code);
      setInvitation({ code, link, qrCode: await qrCodeDataUrl(link) });
    } catch (error) {
      setErrorKey(teamErrorKey(toApiError(error)));
    } finally {
      setBusy(false);
    }
  }

  async function copy(link: string) {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      show({ text: t("modal.error-copying-to-clipboard") });
    }
  }

  async function share(link: string) {
    const game = content?.title ?? config.title;
    try {
      await navigator.share({ title: game, text: t("team.shareText", { game }), url: link });
    } catch (error) {
      // Closing the share sheet is no failure; anything else still leaves copying.
      if (!(error instanceof DOMException && error.name === "AbortError")) await copy(link);
    }
  }

  return (
    <section className="card team__card" aria-labelledby="team-invite-heading">
      <h2 id="team-invite-heading" className="team__heading">
        {t("team.inviteHeading")}
      </h2>
      <p className="team__text">{t("team.inviteText")}</p>
      {invitation !== null && (
        <div className="invitation">
          <img className="invitation__qr" src={invitation.qrCode} alt={t("team.qr")} />
          <p className="invitation__label">{t("team.yourCode")}</p>
          <p className="invitation__code" data-testid="invite-code">
            {invitation.code}
          </p>
          <div className="invitation__actions">
            {canShare && (
              <button
                type="button"
                className="button button--primary"
                onClick={() => void share(invitation.link)}
              >
                {t("team.share")}
              </button>
            )}
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void copy(invitation.link)}
            >
              {t("team.copy")}
            </button>
          </div>
          {copied && (
            <p className="invitation__copied" role="status">
              {t("team.copied")}
            </p>
          )}
        </div>
      )}
      {errorKey !== null && (
        <p className="form-error" role="alert">
          {t(errorKey)}
        </p>
      )}
      <button
        type="button"
        className={
          invitation === null
            ? "button button--primary button--block"
            : "button button--secondary button--block"
        }
        aria-busy={busy}
        disabled={busy}
        onClick={() => void create()}
      >
        {busy && <span className="spinner" aria-hidden="true" />}
        {invitation === null ? t("team.invite") : t("team.inviteAgain")}
      </button>
    </section>
  );
}
