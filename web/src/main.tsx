// First: the screens' and components' own rules come after these and win over them.
import "./base.css";
import "./components/common.css";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App, loadConfig } from "./app/app";
import { preloadRoute } from "./app/router";
import { registerServiceWorker } from "./app/service-worker-registration";
import { startTexts } from "./i18n/use-translation";
import { linkGameManifest } from "./lib/app-base";
import { watchInstallPrompt } from "./lib/install-prompt";
import { storedLanguage } from "./session/persistence";

registerServiceWorker();
linkGameManifest();
watchInstallPrompt();
// Side by side with the texts: config.json and the code of the page's screens.
void loadConfig().catch(() => undefined);
preloadRoute(window.location.pathname);

const root = document.getElementById("root");
if (root === null) throw new Error("index.html lacks #root");

// The texts of the stored language first: the app's first screen shows them. The first render
// is a transition: React renders in slices with the main thread free between them, rather
// than in one long task (docs/performance.md, "Lighthouse").
void startTexts(storedLanguage() ?? "de")
  .catch((error: unknown) => console.error("could not load the texts", error))
  .finally(() =>
    startTransition(() =>
      createRoot(root).render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    ),
  );
