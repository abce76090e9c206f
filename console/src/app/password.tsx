import { useId, useRef, useState } from "react";
import type { FormEvent } from "react";
import { ErrorReason, OpsReason, opsPasswordRequest } from "@wegmarke/protocol";
import type { OpsMe } from "@wegmarke/protocol";
import { ApiError } from "../api/client";
import { errorText } from "../api/error-text";
import { changePassword } from "../api/ops-api";
import { useI18n } from "../i18n/i18n";
import type { TextKey } from "../i18n/en";

/** The server's refusals the operator can act on, in the console's words. */
const reasons: Record<string, TextKey> = {
  [OpsReason.wrongPassword]: "password.wrong",
  [OpsReason.samePassword]: "password.same",
  [ErrorReason.commonPassword]: "password.common",
};

type Props = {
  /** A one-time password is to be replaced: the current one is called that. */
  oneTime: boolean;
  onChanged: (me: OpsMe) => void;
};

/**
 * The operator's new password: the current one, the new one twice. Checked as the server
 * checks it (at least 6 characters), which also refuses common passwords and a wrong current
 * one; the operator's other consoles are signed out.
 */
export function PasswordForm({ oneTime, onChanged }: Props) {
  const texts = useI18n();
  const { t } = texts;
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const currentRef = useRef<HTMLInputElement>(null);
  const newRef = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const current = String(form.get("current") ?? "");
    const password = String(form.get("password") ?? "");
    const repeated = String(form.get("repeated") ?? "");
    const parsed = opsPasswordRequest.safeParse({ current, password });
    const problem =
      current === ""
        ? "password.missing"
        : !parsed.success
          ? "password.rules"
          : password !== repeated
            ? "password.differ"
            : null;
    if (problem !== null) {
      setError(t(problem));
      (current === "" ? currentRef : newRef).current?.focus();
      return;
    }
    if (!parsed.success) return;
    setBusy(true);
    setError(null);
    try {
      onChanged(await changePassword(parsed.data));
    } catch (failure) {
      setBusy(false);
      const reason = failure instanceof ApiError ? reasons[failure.reason] : undefined;
      setError(reason === undefined ? errorText(failure, texts) : t(reason));
      const field = reason === "password.wrong" ? currentRef : newRef;
      field.current?.select();
      field.current?.focus();
    }
  };

  return (
    <form className="stack" onSubmit={(event) => void submit(event)} noValidate>
      <div className="field">
        <label htmlFor={`${id}-current`}>
          {t(oneTime ? "password.oneTime" : "password.current")}
        </label>
        <input
          ref={currentRef}
          id={`${id}-current`}
          name="current"
          type="password"
          autoComplete="current-password"
          required
          maxLength={200}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-new`}>{t("password.new")}</label>
        <p id={`${id}-rules`} className="hint">
          {t("password.rulesHint")}
        </p>
        <input
          ref={newRef}
          id={`${id}-new`}
          name="password"
          type="password"
          autoComplete="new-password"
          aria-describedby={`${id}-rules`}
          required
          minLength={6}
          maxLength={200}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-repeated`}>{t("password.repeat")}</label>
        <input
          id={`${id}-repeated`}
          name="repeated"
          type="password"
          autoComplete="new-password"
          required
          maxLength={200}
        />
      </div>
      {error !== null && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      <p>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t("password.busy") : t("password.submit")}
        </button>
      </p>
    </form>
  );
}

/** The console's page to change the password (`/ops/password`). */
export function PasswordView({ me }: { me: OpsMe }) {
  const { t } = useI18n();
  const [changed, setChanged] = useState(false);
  if (me.via === "token") {
    return (
      <div className="stack">
        <h1 tabIndex={-1}>{t("password.heading")}</h1>
        <p>{t("password.token")}</p>
      </div>
    );
  }
  return (
    <div className="stack">
      <h1 tabIndex={-1}>{t("password.heading")}</h1>
      <section className="panel stack narrow">
        <p>{t("password.intro")}</p>
        {changed ? (
          <p className="notice notice--success" role="status">
            {t("password.changed")}
          </p>
        ) : (
          <PasswordForm oneTime={false} onChanged={() => setChanged(true)} />
        )}
      </section>
    </div>
  );
}

type FirstProps = { me: OpsMe; onChanged: (me: OpsMe) => void; onSignOut: () => Promise<void> };

/** After a sign-in with a one-time password: the operator chooses one before anything else. */
export function FirstPassword({ me, onChanged, onSignOut }: FirstProps) {
  const { t } = useI18n();
  return (
    <main className="center" id="main">
      <section className="card stack sign-in" aria-labelledby="first-password">
        <p className="brand">{t("app.title")}</p>
        <h1 id="first-password">{t("password.firstHeading")}</h1>
        <p className="muted">{t("password.firstIntro", { name: me.name ?? "" })}</p>
        <PasswordForm oneTime onChanged={onChanged} />
        <p>
          <button type="button" className="button button--small" onClick={() => void onSignOut()}>
            {t("signOut")}
          </button>
        </p>
      </section>
    </main>
  );
}
