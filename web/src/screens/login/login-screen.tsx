import { useTranslation } from "react-i18next";
import { Navigate, useSearchParams } from "react-router";
import { loginTarget } from "../../app/paths";
import { useSession } from "../../app/session";
import { WalkIcon } from "../../components/icons";
import { LanguagePicker } from "../../components/language-picker";
import { AnonymousJoin } from "./anonymous-join";

/** Login (spec "Login"): welcome, language and free participation; then on to the target. */
export function LoginScreen() {
  const { t } = useTranslation();
  const { token, language, setLanguage, config, content } = useSession();
  const [params] = useSearchParams();
  if (token !== null) return <Navigate replace to={loginTarget(params.get("target"))} />;

  return (
    <section className="login" aria-labelledby="login-heading">
      <div className="login__hero" aria-hidden="true">
        <WalkIcon />
      </div>
      <p className="login__game">{content?.title ?? config.title}</p>
      <h2 id="login-heading" className="login__heading">
        {t("login.heading")}
      </h2>
      <p className="login__welcome">{t("login.welcome")}</p>
      <LanguagePicker language={language} onChange={setLanguage} />
      {/* The phone number sign-in (accounts issue) joins here, above free participation. */}
      <AnonymousJoin />
    </section>
  );
}
