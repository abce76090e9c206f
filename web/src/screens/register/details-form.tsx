import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { Link } from "react-router";
import { registerBySms } from "../../api/account-api";
import { toApiError } from "../../api/api-error";
import { apiErrorKey } from "../../api/api-error-key";
import { upgradeBySms } from "../../api/upgrade-api";
import { CheckboxField, TextField, SubmitButton } from "../../forms/fields";
import { registrationForm } from "../../forms/form-schemas";
import { useZodForm } from "../../forms/use-zod-form";
import { useSession } from "../../session/session";

/** A registration whose code was sent: what the code form needs, and to send it again. */
export type Registration = { firstName: string; phone: string };

type DetailsFormProps = {
  initial: Registration | null;
  onSent(registration: Registration): void;
  /** The auth token of an anonymous player who keeps their game with the number. */
  upgradeToken?: string;
};

/**
 * First name, phone number and the acknowledged privacy notice; sends the SMS code, for a
 * registration or for an anonymous player keeping their game (`upgradeToken`).
 */
export function DetailsForm({ initial, onSent, upgradeToken }: DetailsFormProps) {
  const { t } = useTranslation();
  const { config, language } = useSession();
  const [errorKey, setErrorKey] = useState<ReturnType<typeof apiErrorKey> | null>(null);
  const form = useZodForm(registrationForm, {
    firstName: initial?.firstName ?? "",
    phone: initial?.phone ?? "",
    privacy: false,
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ firstName, phone }) => {
    setErrorKey(null);
    try {
      const details = { ...config, language, firstName, phone };
      await (upgradeToken === undefined
        ? registerBySms(details)
        : upgradeBySms({ ...details, token: upgradeToken }));
      onSent({ firstName, phone });
    } catch (error) {
      const { code, reason } = toApiError(error);
      setErrorKey(apiErrorKey(code, reason));
    }
  });

  return (
    <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <p className="account__intro">
        {upgradeToken === undefined ? t("register.intro") : t("keep.intro")}
      </p>
      <TextField
        label={t("register.firstName")}
        autoComplete="given-name"
        error={errors.firstName}
        {...form.register("firstName")}
      />
      <TextField
        label={t("register.phone")}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder={t("login.phonePlaceholder")}
        hint={t("register.phoneHint")}
        error={errors.phone}
        {...form.register("phone")}
      />
      <CheckboxField
        label={t("register.privacy")}
        error={errors.privacy}
        {...form.register("privacy")}
      />
      <Link className="form__link" to="/privacy" target="_blank" rel="noopener">
        {t("register.privacyLink")}
      </Link>
      {errorKey !== null && (
        <p className="form-error" role="alert">
          {t(errorKey)}
        </p>
      )}
      <SubmitButton busy={isSubmitting}>{t("register.submit")}</SubmitButton>
    </form>
  );
}
