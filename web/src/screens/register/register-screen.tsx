import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useSearchParams } from "react-router";
import { loginTarget } from "../../lib/paths";
import type { PasswordState } from "../../session/password-state";
import { useSession } from "../../session/session";
import { CodeForm } from "./code-form";
import { DetailsForm } from "./details-form";
import type { Registration } from "./details-form";
import "../account.css";

/**
 * Registration (spec "Registration"): first name, phone number and the privacy notice; then
 * the code from the SMS, which signs the player in; then on to the password screen to replace
 * the code, the first password, with a password of the player's own.
 */
export function RegisterScreen() {
  const { t } = useTranslation();
  const { token, config, signIn } = useSession();
  const [params] = useSearchParams();
  const [pending, setPending] = useState<Registration | null>(null);
  /** The details entered before "change number", to edit them. */
  const [draft, setDraft] = useState<Registration | null>(null);
  /** The confirmed code, handed on to the password screen in router state. */
  const [code, setCode] = useState<string | null>(null);
  const target = params.get("target");
  if (token !== null && code !== null) {
    const state: PasswordState = { code, next: loginTarget(target) };
    return <Navigate replace to="/password" state={state} />;
  }
  if (token !== null || config.registrationLess)
    return <Navigate replace to={loginTarget(target)} />;

  const loginPath = target === null ? "/login" : `/login?${new URLSearchParams({ target })}`;

  function confirmed(newToken: string, confirmedCode: string) {
    setCode(confirmedCode);
    signIn(newToken);
  }

  return (
    <section className="account" aria-labelledby="register-heading">
      <h2 id="register-heading" className="account__heading">
        {pending === null ? t("register.heading") : t("register.codeHeading")}
      </h2>
      {pending === null ? (
        <DetailsForm initial={draft} onSent={setPending} />
      ) : (
        <CodeForm
          registration={pending}
          onConfirmed={confirmed}
          onChangePhone={() => {
            setDraft(pending);
            setPending(null);
          }}
        />
      )}
      <p className="account__switch">
        {t("register.haveAccount")} <Link to={loginPath}>{t("register.toLogin")}</Link>
      </p>
    </section>
  );
}
