import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useNavigate, useSearchParams } from "react-router";
import { ErrorCode } from "@wegmarke/protocol";
import { changePassword, requestPasswordReset } from "../../api/account-api";
import { toApiError } from "../../api/api-error";
import { apiErrorKey } from "../../api/api-error-key";
import { useFlash } from "../../components/flash";
import { loginPath } from "../../lib/paths";
import type { LoginState } from "../../session/login-state";
import { useSession } from "../../session/session";
import { NewPasswordForm } from "./new-password-form";
import "../account.css";

/**
 * /webapp/password (spec "Password"): with `?token=` from the reset SMS, sets a new password
 * for that link; signed in, changes the player's password or sends a reset link. Errors show
 * as flash messages.
 */
export function PasswordScreen() {
  const [params] = useSearchParams();
  const { token } = useSession();
  const resetToken = params.get("token");
  if (resetToken !== null && resetToken !== "") return <ResetPassword resetToken={resetToken} />;
  if (token === null) return <Navigate replace to={loginPath("/password", "")} />;
  return <ChangePassword token={token} />;
}

function ResetPassword({ resetToken }: { resetToken: string }) {
  const { t } = useTranslation();
  const { config, token, signOut } = useSession();
  const { show } = useFlash();
  const navigate = useNavigate();

  async function save(password: string): Promise<boolean> {
    try {
      await changePassword({ accountBase: config.accountBase, password, token: resetToken });
    } catch (error) {
      const { code, reason } = toApiError(error);
      show({
        text: t(
          code === ErrorCode.invalidHash ? "password.linkInvalid" : apiErrorKey(code, reason),
        ),
      });
      return false;
    }
    // The server signed every device of the player out.
    if (token !== null) signOut();
    const state: LoginState = { notice: "password-changed" };
    void navigate("/login", { replace: true, state });
    return true;
  }

  return (
    <section className="account" aria-labelledby="password-heading">
      <h2 id="password-heading" className="account__heading">
        {t("password.resetHeading")}
      </h2>
      <p className="account__intro">{t("password.resetIntro")}</p>
      <NewPasswordForm onSave={save} />
    </section>
  );
}

function ChangePassword({ token }: { token: string }) {
  const { t } = useTranslation();
  const { config } = useSession();
  const { show } = useFlash();
  const [requesting, setRequesting] = useState(false);

  function showError(error: unknown) {
    const { code, reason } = toApiError(error);
    show({ text: t(apiErrorKey(code, reason)) });
  }

  async function save(password: string): Promise<boolean> {
    try {
      await changePassword({ accountBase: config.accountBase, password, token });
      show({ text: t("password.saved") });
      return true;
    } catch (error) {
      showError(error);
      return false;
    }
  }

  async function requestLink() {
    setRequesting(true);
    try {
      await requestPasswordReset({ accountBase: config.accountBase, token });
      show({ text: t("password.resetSent") });
    } catch (error) {
      showError(error);
    } finally {
      setRequesting(false);
    }
  }

  return (
    <section className="account" aria-labelledby="password-heading">
      <h2 id="password-heading" className="account__heading">
        {t("password.changeHeading")}
      </h2>
      <p className="account__intro">{t("password.changeIntro")}</p>
      <NewPasswordForm onSave={save} />
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
