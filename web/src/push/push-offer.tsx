import { useState } from "react";
import { useTranslation } from "../i18n/use-translation";
import { installOffer } from "../lib/install-prompt";
import { HomeScreenHint, InstallHint, NotNow } from "./install-hint";
import { useSession } from "../session/session";
import { declineOffer, offerDeclined, offerPush, pushSupported } from "./push-support";
import "./push.css";

/**
 * What a running station offers below its chat (issue 28), one at a time, never on the first
 * load: to take notifications, with one line of why (their code loads with the first tap); on
 * an iPhone, where a web app takes them only from the home screen, how to put it there; once
 * notifications are decided, to install the app where the browser offers it. "Not now" puts
 * each away for good (the menu keeps the switch and the entry).
 */
export function PushOffer() {
  const [pushDecided, setPushDecided] = useState(() => !offerPush());
  if (!pushSupported() && installOffer() === "ios" && !offerDeclined()) return <HomeScreenHint />;
  if (!pushDecided) return <NotificationOffer onDecided={() => setPushDecided(true)} />;
  return <InstallHint />;
}

function NotificationOffer({ onDecided }: { onDecided(): void }) {
  const { t } = useTranslation();
  const { config, token } = useSession();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<"denied" | "failed" | null>(null);
  if (token === null) return null;

  const allow = async () => {
    setBusy(true);
    try {
      const { enablePush } = await import("./push-client");
      const outcome = await enablePush({ gameBase: config.gameBase, token, news: false });
      if (outcome === "on") onDecided();
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
        <NotNow
          onClick={() => {
            declineOffer();
            onDecided();
          }}
        />
      </div>
    </aside>
  );
}
