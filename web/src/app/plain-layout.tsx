import { Suspense, useEffect } from "react";
import { Outlet } from "react-router";
import { ScreenBoundary } from "./screen-boundary";
import { useTranslation } from "../i18n/use-translation";
import { useSession } from "../session/session";
import { useRouteTitleKey } from "./route-handle";
import { Loading } from "../components/loading";
import "./layout.css";

/** The document's title: the route's, then the game's name. */
export function useDocumentTitle(title: string): void {
  const { config, content } = useSession();
  const game = content?.title ?? config.title;
  useEffect(() => {
    document.title = `${title} · ${game}`;
  }, [title, game]);
}

/** For screens outside the game (login, 404): a header with the game's name only. */
export function PlainLayout() {
  const { t } = useTranslation();
  const { config, content } = useSession();
  const title = t(useRouteTitleKey(config));
  useDocumentTitle(title);
  return (
    <div className="shell shell--plain">
      <header className="app-header app-header--plain">
        <span className="app-header__brand">{content?.title ?? config.title}</span>
      </header>
      <main className="app-main">
        <ScreenBoundary>
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </ScreenBoundary>
      </main>
    </div>
  );
}
