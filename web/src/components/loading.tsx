import { useTranslation } from "../i18n/use-translation";

/** What a route shows while its code loads (a lazy screen) or its data is not there yet. */
export function Loading() {
  const { t } = useTranslation();
  return <p className="loading">{t("app.loading")}</p>;
}
