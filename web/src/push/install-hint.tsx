import { useState, useSyncExternalStore } from "react";
import { HomeScreenSteps } from "../components/home-screen-steps";
import { useTranslation } from "../i18n/use-translation";
import {
  declineInstallHint,
  installHintDeclined,
  installOffer,
  promptInstall,
  subscribeInstallOffer,
} from "../lib/install-prompt";
import { declineOffer } from "./push-support";

/** Where notifications need the app on the home screen first (iOS): how to put it there. */
export function HomeScreenHint() {
  const { t } = useTranslation();
  const [shown, setShown] = useState(true);
  const [steps, setSteps] = useState(false);
  if (!shown) return null;
  return (
    <aside className="push-offer" aria-labelledby="push-offer-title">
      <h3 id="push-offer-title">{t("push.offerTitle")}</h3>
      <p>{t("install.iosHint")}</p>
      <div className="push-offer__actions">
        <button type="button" className="button button--primary" onClick={() => setSteps(true)}>
          {t("install.howTo")}
        </button>
        <NotNow
          onClick={() => {
            declineOffer();
            setShown(false);
          }}
        />
      </div>
      {steps && <HomeScreenSteps onClose={() => setSteps(false)} />}
    </aside>
  );
}

/** Where the browser offers to install the app: the hint, whose tap shows its dialog. */
export function InstallHint() {
  const { t } = useTranslation();
  const offer = useSyncExternalStore(subscribeInstallOffer, installOffer, () => null);
  const [shown, setShown] = useState(() => !installHintDeclined());
  if (!shown || offer !== "prompt") return null;
  return (
    <aside className="push-offer" aria-labelledby="install-hint-title">
      <h3 id="install-hint-title">{t("install.hintTitle")}</h3>
      <p>{t("install.hintText")}</p>
      <div className="push-offer__actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            setShown(false);
            promptInstall().catch((error: unknown) => console.warn("no install prompt", error));
          }}
        >
          {t("install.menu")}
        </button>
        <NotNow
          onClick={() => {
            declineInstallHint();
            setShown(false);
          }}
        />
      </div>
    </aside>
  );
}

/** "Not now": the hint or offer goes for good. */
export function NotNow({ onClick }: { onClick(): void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="link-button" onClick={onClick}>
      {t("push.notNow")}
    </button>
  );
}
