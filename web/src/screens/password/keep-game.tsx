import { useState } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import { useFlash } from "../../components/flash";
import type { PasswordState } from "../../session/password-state";
import { useAccount } from "../../session/use-account";
import { CodeForm } from "../register/code-form";
import { DetailsForm } from "../register/details-form";
import type { Registration } from "../register/details-form";

/**
 * An anonymous player keeps their game with a phone number: first name, number and the
 * privacy notice, then the code from the SMS, as a registration; the player stays signed in
 * with the same game, and the code is their first password, which they are then asked to
 * replace with one of their own (or later).
 */
export function KeepGame({ token }: { token: string }) {
  const { t } = useTranslation();
  const { show } = useFlash();
  const navigate = useNavigate();
  const { markRegistered } = useAccount();
  const [pending, setPending] = useState<Registration | null>(null);
  /** The details entered before "change number", to edit them. */
  const [draft, setDraft] = useState<Registration | null>(null);

  function kept(code: string) {
    markRegistered();
    const state: PasswordState = { code, next: "/" };
    void navigate("/password", { replace: true, state });
    // After the move: the note belongs to the screen it shows on.
    show({ text: t("keep.kept"), kind: "note" });
  }

  return (
    <section className="account" aria-labelledby="keep-heading">
      <h2 id="keep-heading" className="account__heading">
        {pending === null ? t("keep.heading") : t("register.codeHeading")}
      </h2>
      {pending === null ? (
        <DetailsForm initial={draft} onSent={setPending} upgradeToken={token} />
      ) : (
        <CodeForm
          registration={pending}
          onConfirmed={kept}
          onChangePhone={() => {
            setDraft(pending);
            setPending(null);
          }}
          upgradeToken={token}
        />
      )}
    </section>
  );
}
