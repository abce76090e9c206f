import { render } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router";
import type { Location } from "react-router";
import { vi } from "vitest";
import type { PublicContent, WebAppConfig } from "@wegmarke/protocol";
import { AppRoutes } from "../app/router";
import { ConfirmProvider } from "../components/confirm";
import { FlashProvider } from "../components/flash";
import { PictureSizesFromContent } from "../components/picture";
import { setupI18n } from "../i18n/i18n";
import { basename } from "../lib/paths";
import { SessionProvider } from "../session/session";
import { FakeEventSource } from "./fake-event-source";

export const testConfig: WebAppConfig = {
  storyId: "marburg",
  title: "Märchenhaftes Marburg",
  apiVersion: 1,
  accountBase: "/api/account/",
  gameBase: "/api/game/",
  assetsBase: "/assets/webapp-data/",
  defaultLanguage: "de",
  allowTeams: false,
  teams: "off",
  registrationLess: false,
  debug: false,
  stationDistanceThreshold: 3000,
  allowGeolocation: false,
  allowSortbyDistance: true,
  unreadMessageDelayMs: 40,
  timePerCharacterInMs: 1,
};

const content: PublicContent = {
  language: "de",
  title: "Märchenhaftes Marburg",
  stations: {
    "1": { title: "Der Marktplatz", desc: "Wo ein Tier kräht.", view: "station" },
    "2": { title: "Das Landgrafenschloss", desc: "Hoch über der Stadt.", view: "station" },
  },
};

export type Call = { url: string; body: unknown };

/** What a fresh account has read (`player/read`). */
const nothingRead = { Stations: {}, News: null, OperatorNews: null, Stories: [], Points: 0 };
/** A conversation with the organisers before anybody wrote (`GET organisers`). */
const noConversation = { Messages: [], Read: null };

type RenderOptions = {
  token?: string;
  /** Settings of the game pack that differ from `testConfig`. */
  config?: Partial<WebAppConfig>;
  /**
   * Answers a call (the texts' GET too) itself, at once or in its time (a promise); `undefined`
   * leaves it to the default answers. What it throws fails the call as a lost connection does.
   */
  respond?: (call: Call) => Response | Promise<Response> | undefined;
  /** Public content that differs from the two stations' default texts. */
  content?: Partial<PublicContent>;
};

/** Renders the whole app at `path` (below /webapp) with a fake server behind fetch and SSE. */
export function renderApp(
  path: string,
  { token, config, respond, content: contentOverrides }: RenderOptions = {},
) {
  void setupI18n("de");
  if (token !== undefined) {
    localStorage.setItem(
      "wegmarke.config",
      JSON.stringify({
        authToken: token,
        lastEventId: null,
        language: null,
        apiVersion: 1,
        storyId: "marburg",
        accountBase: "/api/account/",
        gameBase: "/api/game/",
      }),
    );
  }
  const calls: Call[] = [];
  vi.stubGlobal("EventSource", FakeEventSource);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = {
        url,
        body: init?.body === undefined ? undefined : JSON.parse(String(init.body)),
      };
      const answer = respond?.(call);
      if (url.includes("/content/"))
        return answer ?? Response.json({ ...content, ...contentOverrides });
      // What the player read goes to the account beside every game: not one of the calls.
      if (url.includes("player/read")) return answer ?? Response.json({ value: nothingRead });
      // Nor is the read of the conversation with the organisers (whenever the stream opens).
      if (url.includes("/organisers?")) return answer ?? Response.json({ value: noConversation });
      calls.push(call);
      if (answer !== undefined) return answer;
      if (url.endsWith("player/optin/anon")) return Response.json({ value: "new-token" });
      return Response.json({ value: "ok" });
    }),
  );
  const router = { state: { location: { pathname: "", search: "", state: null } as Location } };
  const view = render(
    <SessionProvider config={{ ...testConfig, ...config }}>
      <PictureSizesFromContent>
        <FlashProvider>
          <ConfirmProvider>
            <MemoryRouter initialEntries={[`${basename}${path}`]} basename={basename}>
              <LocationProbe
                onLocation={(location) => {
                  router.state.location = location;
                }}
              />
              <AppRoutes />
            </MemoryRouter>
          </ConfirmProvider>
        </FlashProvider>
      </PictureSizesFromContent>
    </SessionProvider>,
  );
  return { ...view, router, calls };
}

/**
 * Reports the router's location with the basename, as the browser's address bar shows it
 * (`router.state.location` of the app's data router before, which the tests read).
 */
function LocationProbe({ onLocation }: { onLocation(location: Location): void }) {
  const location = useLocation();
  const pathname = location.pathname === "/" ? basename : `${basename}${location.pathname}`;
  onLocation({ ...location, pathname });
  return null;
}
