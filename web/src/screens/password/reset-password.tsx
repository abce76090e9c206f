import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { ErrorCode } from "@wegmarke/protocol";
import type { ResetLink } from "@wegmarke/protocol";
import { useTranslation } from "../../i18n/use-translation";
import { changePassword } from "../../api/account-api";
import { toApiError } from "../../api/api-error";
import { apiErrorKey } from "../../api/api-error-key";
import { loadResetLink } from "../../api/upgrade-api";
import { useFlash } from "../../components/flash";
import { formatTime } from "../../lib/time";
import type { LoginState } from "../../session/login-state";
import { useSession } from "../../session/session";
import { NewPasswordForm } from "./new-password-form";

/**
 * The page of a reset link (`?token=` from the SMS): a new password for the account. A link
 * that was used says so and sends the player to sign in with the password set with it, or,
 * should they have lost it, says when a new link can be asked for; an expired or replaced
 * one says to ask for a new link.
 */
export function ResetPassword({ resetToken }: { resetToken: string }) {
  const { t } = useTranslation();
  const { config, token, signOut } = useSession();
  const { show } = useFlash();
  const navigate = useNavigate();
  /** What the link is; null while asking, or when the server could not say (offline). */
  const [link, setLink] = useState<ResetLink | null>(null);

  useEffect(() => {
    let live = true;
    loadResetLink({ accountBase: config.accountBase, resetToken }).then(
      (answer) => {
        if (live) setLink(answer);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [config.accountBase, resetToken]);

  async function save(password: string): Promise<boolean> {
    try {
      await changePassword({ accountBase: config.accountBase, password, token: resetToken });
    } catch (error) {
      const { code, reason } = toApiError(error);
      if (code !== ErrorCode.invalidHash) {
        show({ text: t(apiErrorKey(code, reason)) });
        return false;
      }
      // Used or expired meanwhile: the page says which.
      setLink(
        await loadResetLink({ accountBase: config.accountBase, resetToken }).catch(() => ({
          State: "invalid" as const,
        })),
      );
      return false;
    }
    // The server signed every device of the player out.
    if (token !== null) signOut();
    const state: LoginState = { notice: "password-changed" };
    void navigate("/login", { replace: true, state });
    return true;
  }

  if (link?.State === "used" || link?.State === "invalid") {
    return (
      <section className="account" aria-labelledby="password-heading">
        <h2 id="password-heading" className="account__heading">
          {link.State === "used" ? t("password.linkUsedHeading") : t("password.linkInvalidHeading")}
        </h2>
        <p className="account__intro">
          {link.State === "used" ? t("password.linkUsed") : t("password.linkInvalid")}
        </p>
        {link.State === "used" && <p className="account__intro">{newLinkText(t, link)}</p>}
        <Link className="button button--primary button--block" to="/login" replace>
          {t("password.toLogin")}
        </Link>
      </section>
    );
  }

  return (
    <section className="account" aria-labelledby="password-heading">
      <h2 id="password-heading" className="account__heading">
        {t("password.resetHeading")}
      </h2>
      <p className="account__intro">{t("password.resetIntro")}</p>
      <NewPasswordForm askCurrent={false} onSave={save} />
    </section>
  );
}

/** When a player who lost the password set with a used link may ask for a new one. */
function newLinkText(t: ReturnType<typeof useTranslation>["t"], link: ResetLink): string {
  if (link.NewLinkAt === undefined) return t("password.newLinkNow");
  const at = new Date(link.NewLinkAt);
  const today = new Date().toDateString() === at.toDateString();
  const time = formatTime(link.NewLinkAt);
  return today ? t("password.newLinkToday", { time }) : t("password.newLinkTomorrow", { time });
}
