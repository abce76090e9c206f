import { cleanup, configure } from "@testing-library/react";
import i18next from "i18next";
import { afterEach } from "vitest";
import { preloadAll } from "./lib/lazy-component";
import "./app/router";
import "./components/message-content";
import { de } from "./i18n/de";
import { deFormal } from "./i18n/de-formal";
import { en } from "./i18n/en";
import { fallbackLng } from "./i18n/i18n";
import { provideTexts } from "./i18n/use-translation";

// Every language's texts at hand, so that a screen renders in any language at once (the app
// loads them on demand: i18n/i18n.ts).
void i18next.init({
  lng: "de",
  fallbackLng,
  resources: {
    de: { translation: de },
    "de-formal": { translation: deFormal },
    en: { translation: en },
  },
  interpolation: { escapeValue: false },
  initAsync: false,
});
provideTexts(i18next);

// The screens and the media players load on demand in the app (lib/lazy-component.ts); here
// every one is there at once, so a test sees them right after the render, as before the split.
await preloadAll();

// The whole app renders in jsdom; on a busy machine its first screen can take over a second.
configure({ asyncUtilTimeout: 4000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
