import { useCallback, useEffect, useState } from "react";
import { BrowserRouter } from "react-router";
import type { WebAppConfig } from "@wegmarke/protocol";
import { ConfirmProvider } from "../components/confirm";
import { FlashProvider, FlashScreens } from "../components/flash";
import { PictureSizesFromContent } from "../components/picture";
import { previewLanguage } from "../lib/app-base";
import { browserLanguages, startLanguage } from "../i18n/browser-language";
import { loadLocale, localeChains } from "../i18n/locales";
import { useTranslation } from "../i18n/use-translation";
import { basename } from "../lib/paths";
import { storedLanguage } from "../session/persistence";
import { SessionProvider } from "../session/session";
import { AppRoutes } from "./router";
import { ScrollRestoration } from "./scroll-restoration";
import { BootLogo } from "./boot-logo";
import { applyGameLook } from "./game-look";
import "./boot.css";

type Boot = { kind: "loading" } | { kind: "failed" } | { kind: "ready"; config: WebAppConfig };

function Ready({ config }: { config: WebAppConfig }) {
  return (
    <SessionProvider config={config}>
      <PictureSizesFromContent>
        <FlashProvider>
          <ConfirmProvider>
            <BrowserRouter basename={basename}>
              <ScrollRestoration />
              <FlashScreens />
              <AppRoutes />
            </BrowserRouter>
          </ConfirmProvider>
        </FlashProvider>
      </PictureSizesFromContent>
    </SessionProvider>
  );
}

let configLoad: Promise<WebAppConfig> | undefined;
/** The config once `configLoad` has it: the app then starts ready, without a boot frame. */
let loadedConfig: WebAppConfig | undefined;

/**
 * /webapp/config.json, read once: main.tsx starts it beside the texts, the boot screen takes it
 * up (a failed load is tried anew by its "retry"). The call parses it with zod, which the first
 * load leaves out: it comes on demand with the call.
 */
export function loadConfig(): Promise<WebAppConfig> {
  configLoad ??= import("../api/webapp-api").then(async ({ fetchConfig, prefetchContent }) => {
    const config = await fetchConfig();
    // The session's texts, in the language it will start with (session/session.tsx), and the
    // app's own texts in that language when it is the browser's.
    const language =
      storedLanguage() ?? previewLanguage() ?? startLanguage(config, browserLanguages());
    prefetchContent(language);
    for (const code of localeChains[language]) void loadLocale[code]();
    applyGameLook(config);
    return (loadedConfig = config);
  });
  return configLoad;
}

/** Loads /webapp/config.json, then starts the session and the router. */
export function App() {
  const { t } = useTranslation();
  const [boot, setBoot] = useState<Boot>(() =>
    loadedConfig === undefined ? { kind: "loading" } : { kind: "ready", config: loadedConfig },
  );

  const load = useCallback(() => {
    loadConfig().then(
      // Unchanged when the app started ready with it.
      (config) =>
        setBoot((now) =>
          now.kind === "ready" && now.config === config ? now : { kind: "ready", config },
        ),
      (error: unknown) => {
        console.error("could not load /webapp/config.json", error);
        configLoad = undefined;
        setBoot({ kind: "failed" });
      },
    );
  }, []);

  useEffect(load, [load]);

  if (boot.kind === "ready") return <Ready config={boot.config} />;
  return (
    <div className="boot" aria-busy={boot.kind === "loading"}>
      <BootLogo />
      {boot.kind === "loading" ? (
        <p className="boot__text">{t("app.loading")}</p>
      ) : (
        <>
          <p className="boot__text" role="alert">
            {t("app.loadFailed")}
          </p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              setBoot({ kind: "loading" });
              load();
            }}
          >
            {t("app.retry")}
          </button>
        </>
      )}
    </div>
  );
}
