import { useId } from "react";
import { useTranslation } from "../i18n/use-translation";
import { ShareIcon } from "./icons";
import { Modal } from "./modal";
import "./home-screen-steps.css";

/** How to add the game to an iPhone's home screen (Safari has no install prompt). */
export function HomeScreenSteps({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Modal labelledBy={titleId} onCancel={onClose} className="home-screen-steps">
      <h2 id={titleId}>{t("install.iosTitle")}</h2>
      <p>{t("install.iosIntro")}</p>
      <ol>
        <li>
          {t("install.iosShare")}{" "}
          <ShareIcon className="home-screen-steps__share" width="20" height="20" />
        </li>
        <li>{t("install.iosAdd")}</li>
        <li>{t("install.iosOpen")}</li>
      </ol>
      <button type="button" className="button button--primary" onClick={onClose}>
        {t("install.done")}
      </button>
    </Modal>
  );
}
