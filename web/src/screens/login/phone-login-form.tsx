import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { loginWithPhone, requestPasswordReset } from "../../api/account-api";
import { toApiError } from "../../api/api-error";
import { apiErrorKey } from "../../api/api-error-key";
import { useFlash } from "../../components/flash";
import { TextField, SubmitButton } from "../../forms/fields";
import { phoneLoginForm } from "../../forms/form-schemas";
import { useZodForm } from "../../forms/use-zod-form";
import { useSession } from "../../session/session";

type PhoneLoginFormProps = {
  /** Called before the sign-in when the password is still the SMS code, with that code. */
  onCodeSignIn(code: string): void;
};

/**
 * Sign-in with phone number and password (spec "Login"); errors under the form. "Forgot your
 * password?" asks for a reset link for the number entered, and answers as a flash message.
 */
export function PhoneLoginForm({ onCodeSignIn }: PhoneLoginFormProps) {
  const { t } = useTranslation();
  const { config, signIn } = useSession();
  const { show } = useFlash();
  const [errorKey, setErrorKey] = useState<ReturnType<typeof apiErrorKey> | null>(null);
  const [resetting, setResetting] = useState(false);
  const form = useZodForm(phoneLoginForm, { phone: "", password: "" });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setErrorKey(null);
    try {
      const { token, code } = await loginWithPhone({ accountBase: config.accountBase, ...values });
      if (code !== null) onCodeSignIn(code);
      signIn(token);
    } catch (error) {
      const { code, reason } = toApiError(error);
      setErrorKey(apiErrorKey(code, reason));
    }
  });

  async function forgotPassword() {
    if (!(await form.trigger("phone"))) return;
    setResetting(true);
    try {
      await requestPasswordReset({
        accountBase: config.accountBase,
        phone: form.getValues("phone"),
      });
      show({ text: t("login.resetSent"), kind: "note" });
    } catch (error) {
      const { code, reason } = toApiError(error);
      show({ text: t(apiErrorKey(code, reason)) });
    } finally {
      setResetting(false);
    }
  }

  return (
    <form className="form login__form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <h3 className="form__title">{t("login.signIn")}</h3>
      <TextField
        label={t("login.phone")}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder={t("login.phonePlaceholder")}
        error={errors.phone}
        {...form.register("phone")}
      />
      <TextField
        label={t("login.password")}
        type="password"
        autoComplete="current-password"
        error={errors.password}
        {...form.register("password")}
      />
      {errorKey !== null && (
        <p className="form-error" role="alert">
          {t(errorKey)}
        </p>
      )}
      <SubmitButton busy={isSubmitting}>{t("login.submit")}</SubmitButton>
      <button
        type="button"
        className="link-button form__link"
        aria-busy={resetting}
        disabled={resetting}
        onClick={() => void forgotPassword()}
      >
        {t("login.forgotPassword")}
      </button>
    </form>
  );
}
