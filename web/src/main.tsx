// First: the screens' and components' own rules come after these and win over them.
import "./base.css";
import "./components/common.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { registerServiceWorker } from "./app/service-worker-registration";
import { startTexts } from "./i18n/use-translation";
import { storedLanguage } from "./session/persistence";

registerServiceWorker();

const root = document.getElementById("root");
if (root === null) throw new Error("index.html lacks #root");

// The texts of the stored language first: the app's first screen shows them.
void startTexts(storedLanguage() ?? "de")
  .catch((error: unknown) => console.error("could not load the texts", error))
  .finally(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
