import { useTranslation } from "../../i18n/use-translation";
import { TextField, SubmitButton } from "../../forms/fields";
import { changePasswordForm, newPasswordForm } from "../../forms/form-schemas";
import { useZodForm } from "../../forms/use-zod-form";

type NewPasswordFormProps = {
  /** Asks for the current password too (a signed-in change). */
  askCurrent: boolean;
  /** Resolves true when the password was saved: the form empties. `current` when asked. */
  onSave(password: string, current: string | undefined): Promise<boolean>;
};

/** New password and its repetition (spec "Password"), after the current one where asked. */
export function NewPasswordForm({ askCurrent, onSave }: NewPasswordFormProps) {
  const { t } = useTranslation();
  const form = useZodForm(askCurrent ? changePasswordForm : newPasswordForm, {
    current: "",
    password: "",
    repeat: "",
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ current, password }) => {
    if (await onSave(password, askCurrent ? current : undefined)) form.reset();
  });

  return (
    <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
      {askCurrent && (
        <TextField
          label={t("password.current")}
          type="password"
          autoComplete="current-password"
          error={errors.current}
          {...form.register("current")}
        />
      )}
      <TextField
        label={t("password.password")}
        type="password"
        autoComplete="new-password"
        hint={t("password.hint")}
        error={errors.password}
        {...form.register("password")}
      />
      <TextField
        label={t("password.repeat")}
        type="password"
        autoComplete="new-password"
        error={errors.repeat}
        {...form.register("repeat")}
      />
      <SubmitButton busy={isSubmitting}>{t("password.submit")}</SubmitButton>
    </form>
  );
}
