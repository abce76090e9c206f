import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { registerBySms, smsCodeOf, verifySmsCode } from "../../api/account-api";
import { upgradeBySms, verifyUpgrade } from "../../api/upgrade-api";
import { toApiError } from "../../api/api-error";
import { apiErrorKey } from "../../api/api-error-key";
import { useFlash } from "../../components/flash";
import { TextField, SubmitButton } from "../../forms/fields";
import { smsCodeForm } from "../../forms/form-schemas";
import { useZodForm } from "../../forms/use-zod-form";
import { useSession } from "../../session/session";
import type { Registration } from "./details-form";

type CodeFormProps = {
  registration: Registration;
  /**
   * The code was right: `code` as the server takes it, now the first password; `token` the
   * new player's auth token (null when an anonymous player kept their game: their own stays).
   */
  onConfirmed(code: string, token: string | null): void;
  onChangePhone(): void;
  /** The auth token of an anonymous player who keeps their game with the number. */
  upgradeToken?: string;
};

/**
 * The code from the SMS. Confirming it completes the registration and gives the new player's
 * token, with which they are signed in. For an anonymous player keeping their game
 * (`upgradeToken`) it registers that player, who stays signed in.
 */
export function CodeForm({
  registration,
  onConfirmed,
  onChangePhone,
  upgradeToken,
}: CodeFormProps) {
  const { t } = useTranslation();
  const { config, language } = useSession();
  const { show } = useFlash();
  const [errorKey, setErrorKey] = useState<ReturnType<typeof apiErrorKey> | null>(null);
  const [resending, setResending] = useState(false);
  const form = useZodForm(smsCodeForm, { code: "" });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ code }) => {
    setErrorKey(null);
    try {
      const call = { accountBase: config.accountBase, phone: registration.phone, code };
      const token =
        upgradeToken === undefined
          ? await verifySmsCode(call)
          : await verifyUpgrade({ ...call, token: upgradeToken }).then(() => null);
      onConfirmed(smsCodeOf(code), token);
    } catch (error) {
      const { code: status, reason } = toApiError(error);
      setErrorKey(apiErrorKey(status, reason));
    }
  });

  async function resend() {
    setResending(true);
    try {
      const details = { ...config, language, ...registration };
      await (upgradeToken === undefined
        ? registerBySms(details)
        : upgradeBySms({ ...details, token: upgradeToken }));
      show({ text: t("register.resent"), kind: "note" });
    } catch (error) {
      const { code, reason } = toApiError(error);
      show({ text: t(apiErrorKey(code, reason)) });
    } finally {
      setResending(false);
    }
  }

  return (
    <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <p className="account__intro">{t("register.codeSent", { phone: registration.phone })}</p>
      <TextField
        label={t("register.code")}
        inputMode="numeric"
        autoComplete="one-time-code"
        className="field__input field__input--code"
        error={errors.code}
        {...form.register("code")}
      />
      {errorKey !== null && (
        <p className="form-error" role="alert">
          {t(errorKey)}
        </p>
      )}
      <SubmitButton busy={isSubmitting}>{t("register.confirm")}</SubmitButton>
      <div className="form__links">
        <button
          type="button"
          className="link-button"
          disabled={resending}
          onClick={() => void resend()}
        >
          {t("register.resend")}
        </button>
        <button type="button" className="link-button" onClick={onChangePhone}>
          {t("register.changePhone")}
        </button>
      </div>
    </form>
  );
}
