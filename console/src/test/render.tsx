import { render } from "@testing-library/react";
import { useReducer } from "react";
import type { ReactElement, ReactNode } from "react";
import { I18nProvider, LANGUAGE_KEY } from "../i18n/i18n";
import type { ConsoleLanguage } from "../i18n/i18n";
import { LiveContext } from "../live/live-context";
import { initialLive, liveReducer } from "../live/live-state";
import type { LiveState } from "../live/live-state";

function Live({ state, children }: { state: LiveState; children: ReactNode }) {
  const live = useReducer(liveReducer, state);
  return <LiveContext value={live}>{children}</LiveContext>;
}

/** A view of the signed-in console in `language`, on a live state of the test's making. */
export function renderView(
  view: ReactElement,
  { live = {}, language = "en" }: { live?: Partial<LiveState>; language?: ConsoleLanguage } = {},
) {
  localStorage.setItem(LANGUAGE_KEY, language);
  return render(
    <I18nProvider>
      <Live state={{ ...initialLive, ...live }}>{view}</Live>
    </I18nProvider>,
  );
}
