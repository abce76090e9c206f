import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { Navigate, useLocation, useNavigate, useSearchParams } from "react-router";
import { ErrorCode, ErrorReason } from "@wegmarke/protocol";
import { changePassword, requestPasswordReset } from "../../api/account-api";
import { toApiError } from "../../api/api-error";
import { apiErrorKey } from "../../api/api-error-key";
import { useFlash } from "../../components/flash";
import { loginPath } from "../../lib/paths";
import { signedOutState } from "../../session/login-state";
import { passwordState } from "../../session/password-state";
import type { PasswordState } from "../../session/password-state";
import { useSession } from "../../session/session";
import { useAccount } from "../../session/use-account";
import { KeepGame } from "./keep-game";
import { ResetPassword } from "./reset-password";
import { NewPasswordForm } from "./new-password-form";
import "../account.css";

/**
 * /webapp/password (spec "Password"): with `?token=` from the reset SMS, sets a new password
 * for that link; signed in, changes the player's password (the current one proves the account)
 * or sends a reset link, or, for an anonymous player, keeps the game with a phone number. Right after the registration or a sign-in with the SMS code, the
 * router state carries that code as the current password: the player is asked to choose a
 * password of their own, or may go on to the game. Errors show as flash messages.
 */
export function PasswordScreen() {
  const [params] = useSearchParams();
  const { token, sessionEnded } = useSession();
  const fromCode = passwordState(useLocation().state);
  const resetToken = params.get("token");
  if (resetToken !== null && resetToken !== "") return <ResetPassword resetToken={resetToken} />;
  if (token === null) {
    return (
      <Navigate replace to={loginPath("/password", "")} state={signedOutState(sessionEnded)} />
    );
  }
  if (fromCode !== null) return <ChangePassword token={token} fromCode={fromCode} />;
  return <AccountPassword token={token} />;
}

/**
 * A registered player changes the password; an anonymous one, who has none, is offered to
 * keep the game with a phone number instead. Registration-less mode offers neither (spec 6):
 * it has no login, so a number would sign in nowhere (docs/security.md).
 */
function AccountPassword({ token }: { token: string }) {
  const { t } = useTranslation();
  const { config } = useSession();
  const { account } = useAccount();
  if (account === "asking") return <p className="loading">{t("app.loading")}</p>;
  if (account === "anonymous") {
    return config.registrationLess ? <Navigate replace to="/" /> : <KeepGame token={token} />;
  }
  return <ChangePassword token={token} fromCode={null} />;
}

function ChangePassword({ token, fromCode }: { token: string; fromCode: PasswordState | null }) {
  const { t } = useTranslation();
  const { config, expire } = useSession();
  const { show, clear } = useFlash();
  const navigate = useNavigate();
  const [requesting, setRequesting] = useState(false);
  /** The SMS code as the current password; null when the player types the current one. */
  const [code, setCode] = useState(fromCode?.code ?? null);

  function showError(error: unknown) {
    const { code: status, reason } = toApiError(error);
    if (status !== ErrorCode.invalidHash) {
      show({ text: t(apiErrorKey(status, reason)) });
      return;
    }
    // The session ended: the login says so, and nothing of this session stays.
    clear();
    expire();
  }

  async function save(password: string, current: string | undefined): Promise<boolean> {
    try {
      await changePassword({
        accountBase: config.accountBase,
        password,
        token,
        current: code ?? current,
      });
    } catch (error) {
      // The code is no longer the password (changed meanwhile): the player types the current
      // one, and the history entry no longer keeps the code.
      if (code !== null && toApiError(error).reason === ErrorReason.wrongPassword) {
        setCode(null);
        void navigate("/password", { replace: true });
      }
      showError(error);
      return false;
    }
    // After the move: the note belongs to the screen it shows on.
    if (code !== null) goOn();
    show({ text: t("password.saved"), kind: "note" });
    return true;
  }

  function goOn() {
    void navigate(fromCode?.next ?? "/", { replace: true });
  }

  async function requestLink() {
    setRequesting(true);
    try {
      await requestPasswordReset({ accountBase: config.accountBase, token });
      show({ text: t("password.resetSent"), kind: "note" });
    } catch (error) {
      showError(error);
    } finally {
      setRequesting(false);
    }
  }

  if (code !== null) {
    return (
      <section className="account" aria-labelledby="password-heading">
        <h2 id="password-heading" className="account__heading">
          {t("password.chooseHeading")}
        </h2>
        <p className="account__intro">{t("password.chooseIntro")}</p>
        <NewPasswordForm key="code" askCurrent={false} onSave={save} />
        <button type="button" className="button button--secondary button--block" onClick={goOn}>
          {t("password.later")}
        </button>
      </section>
    );
  }

  return (
    <section className="account" aria-labelledby="password-heading">
      <h2 id="password-heading" className="account__heading">
        {t("password.changeHeading")}
      </h2>
      <p className="account__intro">{t("password.changeIntro")}</p>
      <NewPasswordForm key="current" askCurrent onSave={save} />
      <div className="account__aside">
        <h3 className="account__subheading">{t("password.smsHeading")}</h3>
        <p>{t("password.smsIntro")}</p>
        <button
          type="button"
          className="button button--secondary button--block"
          aria-busy={requesting}
          disabled={requesting}
          onClick={() => void requestLink()}
        >
          {requesting && <span className="spinner" aria-hidden="true" />}
          {t("password.requestReset")}
        </button>
      </div>
    </section>
  );
}
