import { useSyncExternalStore } from "react";
import { useTranslation } from "../i18n/use-translation";
import { newVersionWaiting, onNewVersion, switchToNewVersion } from "./service-worker-registration";
import "./urgent-news.css";

/**
 * A new release was deployed while the app was open (issue 28): rather than running old code
 * against a new server, the app offers to load the new one.
 */
export function NewVersion() {
  const { t } = useTranslation();
  const waiting = useSyncExternalStore(onNewVersion, newVersionWaiting);
  if (!waiting) return null;
  return (
    <div className="urgent-news urgent-news--quiet" role="status">
      <p className="urgent-news__text">{t("newVersion.text")}</p>
      <button type="button" className="urgent-news__dismiss" onClick={switchToNewVersion}>
        {t("newVersion.reload")}
      </button>
    </div>
  );
}
