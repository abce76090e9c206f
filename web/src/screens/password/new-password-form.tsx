import { useTranslation } from "react-i18next";
import { TextField, SubmitButton } from "../../forms/fields";
import { newPasswordForm } from "../../forms/form-schemas";
import { useZodForm } from "../../forms/use-zod-form";

type NewPasswordFormProps = {
  /** Resolves true when the password was saved: the form empties. */
  onSave(password: string): Promise<boolean>;
};

/** New password and its repetition (spec "Password"). */
export function NewPasswordForm({ onSave }: NewPasswordFormProps) {
  const { t } = useTranslation();
  const form = useZodForm(newPasswordForm, { password: "", repeat: "" });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    if (await onSave(password)) form.reset();
  });

  return (
    <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
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
