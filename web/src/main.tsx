import "./zod-config";
// First: the screens' and components' own rules come after these and win over them.
import "./base.css";
import "./components/common.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { registerServiceWorker } from "./app/service-worker-registration";
import { setupI18n } from "./i18n/i18n";
import { storedLanguage } from "./session/persistence";

setupI18n(storedLanguage() ?? "de");
registerServiceWorker();

const root = document.getElementById("root");
if (root === null) throw new Error("index.html lacks #root");
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
