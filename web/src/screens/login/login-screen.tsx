import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { Link, Navigate, useLocation, useSearchParams } from "react-router";
import { CheckIcon, WalkIcon } from "../../components/icons";
import { LanguagePicker } from "../../components/language-picker";
import { isAccountDeleted, loginTarget } from "../../lib/paths";
import { loginState } from "../../session/login-state";
import type { PasswordState } from "../../session/password-state";
import { useSession } from "../../session/session";
import { AnonymousJoin } from "./anonymous-join";
import { PhoneLoginForm } from "./phone-login-form";
import "./login.css";

/**
 * Login (spec "Login"): welcome and language, free participation (first, so that a phone shows
 * it without scrolling), then sign-in with phone number and password and a link to
 * registration; then on to the target, or first to the password screen when the password is
 * still the SMS code. In registration-less mode nobody sees it: the target's guard registers
 * anonymously.
 */
export function LoginScreen() {
  const { t } = useTranslation();
  const { token, language, setLanguage, config, content } = useSession();
  const [params] = useSearchParams();
  const { notice } = loginState(useLocation().state);
  /** Signed in with the SMS code as the password: it goes on to the password screen. */
  const [code, setCode] = useState<string | null>(null);
  const target = params.get("target");
  if (token !== null && code !== null) {
    const state: PasswordState = { code, next: loginTarget(target) };
    return <Navigate replace to="/password" state={state} />;
  }
  if (token !== null || config.registrationLess)
    return <Navigate replace to={loginTarget(target)} />;

  const registerPath =
    target === null ? "/register" : `/register?${new URLSearchParams({ target })}`;
  const success = isAccountDeleted(params)
    ? t("end.deleted")
    : notice === "password-changed"
      ? t("login.passwordChanged")
      : null;

  return (
    <section className="login" aria-labelledby="login-heading">
      <div className="login__hero login__hero--small" aria-hidden="true">
        <WalkIcon />
      </div>
      <p className="login__game">{content?.title ?? config.title}</p>
      <h2 id="login-heading" className="login__heading">
        {t("login.heading")}
      </h2>
      {success !== null ? (
        <p className="notice notice--success" role="status">
          <CheckIcon />
          {success}
        </p>
      ) : notice === "session-ended" ? (
        <p className="notice" role="status">
          {t("login.sessionEnded")}
        </p>
      ) : (
        <p className="login__welcome">{t("login.welcome")}</p>
      )}
      <LanguagePicker language={language} offered={config.languages} onChange={setLanguage} />
      {/* Free participation first: on a phone it shows without scrolling. */}
      <AnonymousJoin />
      <p className="divider">
        <span>{t("login.or")}</span>
      </p>
      <PhoneLoginForm onCodeSignIn={setCode} />
      <p className="login__register">
        {t("login.noAccount")} <Link to={registerPath}>{t("login.register")}</Link>
      </p>
    </section>
  );
}
