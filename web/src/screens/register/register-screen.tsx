import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { Link, Navigate, useSearchParams } from "react-router";
import { useFlash } from "../../components/flash";
import { loginTarget } from "../../lib/paths";
import { useSession } from "../../session/session";
import { CodeForm } from "./code-form";
import { DetailsForm } from "./details-form";
import type { Registration } from "./details-form";
import "../account.css";

/**
 * Registration (spec "Registration"): first name, phone number and the privacy notice; then
 * the code from the SMS, which signs the player in (the code is the first password) and leads
 * on to the target, the game.
 */
export function RegisterScreen() {
  const { t } = useTranslation();
  const { token, config, signIn } = useSession();
  const { show, follow } = useFlash();
  const [params] = useSearchParams();
  const [pending, setPending] = useState<Registration | null>(null);
  /** The details entered before "change number", to edit them. */
  const [draft, setDraft] = useState<Registration | null>(null);
  const target = params.get("target");
  if (token !== null || config.registrationLess)
    return <Navigate replace to={loginTarget(target)} />;

  const loginPath = target === null ? "/login" : `/login?${new URLSearchParams({ target })}`;

  function confirmed(newToken: string | null) {
    if (newToken === null) return;
    // Signed in, the guard above leads on to the target.
    signIn(newToken);
    show({ text: t("register.signedIn"), kind: "note" });
    follow();
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
          onConfirmed={(_code, newToken) => confirmed(newToken)}
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
