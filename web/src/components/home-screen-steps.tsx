import { useId } from "react";
import { useTranslation } from "../i18n/use-translation";
import { Modal } from "./modal";
import "./home-screen-steps.css";

/** Safari's share symbol, as its toolbar shows it. */
function ShareSymbol() {
  return (
    <svg
      className="home-screen-steps__share"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M12 3v12M8 7l4-4 4 4" />
      <path d="M7 10H5v11h14V10h-2" />
    </svg>
  );
}

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
          {t("install.iosShare")} <ShareSymbol />
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
