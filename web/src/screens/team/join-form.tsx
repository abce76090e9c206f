import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { toApiError } from "../../api/api-error";
import { teamErrorKey } from "../../api/api-error-key";
import { TextField, SubmitButton } from "../../forms/fields";
import { teamCodeForm } from "../../forms/form-schemas";
import { useZodForm } from "../../forms/use-zod-form";

/** Joining a team by typing its invitation code; errors show inline (spec 8). */
export function JoinForm({ onJoin }: { onJoin(code: string): Promise<void> }) {
  const { t } = useTranslation();
  const [errorKey, setErrorKey] = useState<ReturnType<typeof teamErrorKey> | null>(null);
  const form = useZodForm(teamCodeForm, { code: "" });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ code }) => {
    setErrorKey(null);
    try {
      await onJoin(code);
    } catch (error) {
      setErrorKey(teamErrorKey(toApiError(error)));
    }
  });

  return (
    <section className="card team__card" aria-labelledby="team-join-heading">
      <h2 id="team-join-heading" className="team__heading">
        {t("team.joinHeading")}
      </h2>
      <p className="team__text">{t("team.joinText")}</p>
      <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField
          label={t("team.code")}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className="field__input field__input--code"
          error={errors.code}
          {...form.register("code")}
        />
        {errorKey !== null && (
          <p className="form-error" role="alert">
            {t(errorKey)}
          </p>
        )}
        <SubmitButton busy={isSubmitting}>{t("team.join")}</SubmitButton>
      </form>
    </section>
  );
}
