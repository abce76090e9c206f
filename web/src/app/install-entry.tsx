import { useState, useSyncExternalStore } from "react";
import { HomeScreenSteps } from "../components/home-screen-steps";
import { useTranslation } from "../i18n/use-translation";
import { installOffer, promptInstall, subscribeInstallOffer } from "../lib/install-prompt";

/**
 * The menu's "install the app": the browser's own dialog where it offers one, the steps of
 * "Add to Home Screen" on an iPhone; nothing once installed or where neither exists.
 */
export function InstallEntry({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const offer = useSyncExternalStore(subscribeInstallOffer, installOffer, () => null);
  const [steps, setSteps] = useState(false);
  if (offer === null && !steps) return null;
  return (
    <>
      {offer !== null && (
        <button
          type="button"
          className="menu__install"
          onClick={() => {
            if (offer === "ios") {
              setSteps(true);
              return;
            }
            onClose();
            promptInstall().catch((error: unknown) => console.warn("no install prompt", error));
          }}
        >
          {t(offer === "ios" ? "install.iosMenu" : "install.menu")}
        </button>
      )}
      {steps && (
        // The dialog's keys (Tab, Escape) are its own, not the menu's (which would close).
        <div onKeyDown={(event) => event.stopPropagation()}>
          <HomeScreenSteps
            onClose={() => {
              setSteps(false);
              onClose();
            }}
          />
        </div>
      )}
    </>
  );
}
