import { useTranslation } from "../../i18n/use-translation";
import { useFlash } from "../../components/flash";
import { TextField } from "../../forms/fields";
import { authTokenForm } from "../../forms/form-schemas";
import { useZodForm } from "../../forms/use-zod-form";
import { useSession } from "../../session/session";
import { NotFoundScreen } from "../not-found/not-found-screen";
import "../account.css";
import "./debug.css";

/** /webapp/debug (spec "Debug"), only where the pack enables debug: shows and replaces the token. */
export function DebugScreen() {
  const { config } = useSession();
  if (!config.debug) return <NotFoundScreen />;
  return <Debug />;
}

function Debug() {
  const { t } = useTranslation();
  const { token, signIn } = useSession();
  const { show } = useFlash();
  const form = useZodForm(authTokenForm, { token: "" });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ token: next }) => {
    signIn(next);
    form.reset();
    show({ text: t("debug.changed"), kind: "note" });
  });

  return (
    <section className="account" aria-labelledby="debug-heading">
      <h2 id="debug-heading" className="account__heading">
        {t("route.debug")}
      </h2>
      <p className="account__intro">{t("debug.intro")}</p>
      <dl className="debug__facts">
        <dt>{t("debug.session")}</dt>
        <dd>
          <code className="debug__token">{token ?? t("debug.none")}</code>
        </dd>
      </dl>
      <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField
          label={t("debug.token")}
          autoComplete="off"
          spellCheck={false}
          error={errors.token}
          {...form.register("token")}
        />
        <button type="submit" className="button button--primary button--block">
          {t("debug.submit")}
        </button>
      </form>
    </section>
  );
}
