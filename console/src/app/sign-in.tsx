import { useRef, useState } from "react";
import type { FormEvent } from "react";
import { OpsReason } from "@wegmarke/protocol";
import type { OpsMe } from "@wegmarke/protocol";
import { ApiError } from "../api/client";
import { errorText } from "../api/error-text";
import { signIn } from "../api/ops-api";
import { useI18n } from "../i18n/i18n";
import { LanguageSwitch } from "./language-switch";

type Props = {
  onSignedIn: (me: OpsMe) => void;
  /** Why the operator is here (a sign-out that failed). */
  notice?: string;
};

/** The console's sign-in: an operator's name and password (`npm run operator -- add NAME`). */
export function SignIn({ onSignedIn, notice }: Props) {
  const texts = useI18n();
  const { t } = texts;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = String(form.get("name") ?? "").trim();
    const password = String(form.get("password") ?? "");
    if (name === "" || password === "") {
      setError(t("signIn.missing"));
      (name === "" ? nameRef : passwordRef).current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await signIn({ name, password }));
    } catch (failure) {
      setBusy(false);
      setError(
        failure instanceof ApiError && failure.reason === OpsReason.signInFailed
          ? t("signIn.failed")
          : errorText(failure, texts),
      );
      passwordRef.current?.select();
      passwordRef.current?.focus();
    }
  };

  return (
    <main className="center" id="main">
      <form
        className="card stack sign-in"
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-labelledby="sign-in"
      >
        <p className="brand">{t("app.title")}</p>
        <h1 id="sign-in">{t("signIn.heading")}</h1>
        <p className="muted">{t("signIn.intro")}</p>
        {notice !== undefined && <p className="notice notice--error">{notice}</p>}
        <div className="field">
          <label htmlFor="sign-in-name">{t("signIn.name")}</label>
          <input
            ref={nameRef}
            id="sign-in-name"
            name="name"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            maxLength={40}
          />
        </div>
        <div className="field">
          <label htmlFor="sign-in-password">{t("signIn.password")}</label>
          <input
            ref={passwordRef}
            id="sign-in-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            maxLength={200}
          />
        </div>
        {error !== null && (
          <p className="notice notice--error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t("signIn.busy") : t("signIn.submit")}
        </button>
        <LanguageSwitch />
      </form>
    </main>
  );
}
