import { useTranslation } from "../../i18n/use-translation";
import { Link } from "react-router";

export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <section className="empty-state" aria-labelledby="not-found-heading">
      <p className="empty-state__mark" aria-hidden="true">
        404
      </p>
      <h2 id="not-found-heading">{t("notFound.heading")}</h2>
      <p>{t("notFound.text")}</p>
      <Link className="button button--primary" to="/">
        {t("notFound.home")}
      </Link>
    </section>
  );
}
