import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { loginTarget } from "../../lib/paths";
import type { LoginState } from "../../session/login-state";
import { useSession } from "../../session/session";
import { CodeForm } from "./code-form";
import { DetailsForm } from "./details-form";
import type { Registration } from "./details-form";
import "../account.css";

/**
 * Registration (spec "Registration"): first name, phone number and the privacy notice; then
 * the code from the SMS; then on to the login, where the code is the first password.
 */
export function RegisterScreen() {
  const { t } = useTranslation();
  const { token, config } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [pending, setPending] = useState<Registration | null>(null);
  /** The details entered before "change number", to edit them. */
  const [draft, setDraft] = useState<Registration | null>(null);
  const target = params.get("target");
  if (token !== null || config.registrationLess)
    return <Navigate replace to={loginTarget(target)} />;

  const loginPath = target === null ? "/login" : `/login?${new URLSearchParams({ target })}`;

  function confirmed(phone: string) {
    const state: LoginState = { notice: "registered", phone };
    void navigate(loginPath, { replace: true, state });
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
          onConfirmed={() => confirmed(pending.phone)}
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
