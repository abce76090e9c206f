import { useState } from "react";
import { HomeScreenSteps } from "../components/home-screen-steps";
import { useTranslation } from "../i18n/use-translation";
import { installOffer } from "../lib/install-prompt";
import { useSession } from "../session/session";
import { declineOffer, offerDeclined, offerPush, pushSupported } from "./push-support";
import "./push.css";

/**
 * The offer to take notifications (issue 28): once a station runs, with one line of why, never
 * on the first load; "not now" puts it away for good (the menu's switch stays). Its code loads
 * with the first tap.
 */
export function PushOffer() {
  // On an iPhone a web app takes notifications only from the home screen.
  if (!pushSupported() && installOffer() === "ios" && !offerDeclined()) return <HomeScreenHint />;
  return <NotificationOffer />;
}

/** Where notifications need the app on the home screen first (iOS): how to put it there. */
function HomeScreenHint() {
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
        <button
          type="button"
          className="link-button"
          onClick={() => {
            declineOffer();
            setShown(false);
          }}
        >
          {t("push.notNow")}
        </button>
      </div>
      {steps && <HomeScreenSteps onClose={() => setSteps(false)} />}
    </aside>
  );
}

function NotificationOffer() {
  const { t } = useTranslation();
  const { config, token } = useSession();
  const [shown, setShown] = useState(offerPush);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<"denied" | "failed" | null>(null);
  if (!shown || token === null) return null;

  const allow = async () => {
    setBusy(true);
    try {
      const { enablePush } = await import("./push-client");
      const outcome = await enablePush({ gameBase: config.gameBase, token, news: false });
      if (outcome === "on") setShown(false);
      else setProblem("denied");
    } catch {
      setProblem("failed");
    } finally {
      setBusy(false);
    }
  };

  return (
    <aside className="push-offer" aria-labelledby="push-offer-title">
      <h3 id="push-offer-title">{t("push.offerTitle")}</h3>
      <p>{t("push.offerText")}</p>
      {problem !== null && (
        <p className="push-offer__problem" role="alert">
          {t(problem === "denied" ? "push.denied" : "push.failed")}
        </p>
      )}
      <div className="push-offer__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={() => void allow()}
        >
          {t("push.allow")}
        </button>
        <button
          type="button"
          className="link-button"
          onClick={() => {
            declineOffer();
            setShown(false);
          }}
        >
          {t("push.notNow")}
        </button>
      </div>
    </aside>
  );
}
