import { Suspense, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "../i18n/use-translation";
import { Outlet } from "react-router";
import { ScreenBoundary } from "./screen-boundary";
import { CloseIcon, MenuIcon } from "../components/icons";
import { unreadInAllViews } from "../game/footer-counts";
import { useGame } from "../session/game-store";
import { useOrganisers } from "../session/organisers";
import { useSession } from "../session/session";
import { FooterNav } from "./footer-nav";
import { Menu } from "./menu";
import { NewsBell } from "./news-bell";
import { ConnectionBanner } from "./connection-banner";
import { ClockBanner } from "./clock-banner";
import { ClockPill } from "./clock-pill";
import { NewVersion } from "./new-version";
import { UrgentNews } from "./urgent-news";
import { useDocumentTitle } from "./plain-layout";
import { useRouteTitleKey } from "./route-handle";
import { Loading } from "../components/loading";
import { useAppBadge } from "./use-app-badge";
import "./layout.css";

/** Header with menu and route title, the screen, and the footer navigation. */
export function AppLayout() {
  const { t } = useTranslation();
  const { config } = useSession();
  const title = t(useRouteTitleKey(config));
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  useDocumentTitle(title);
  // The characters' unread messages and the organisers' unread answers.
  useAppBadge(unreadInAllViews(useGame().state) + useOrganisers().unread);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [menuOpen]);

  function closeMenu(restoreFocus: boolean) {
    setMenuOpen(false);
    if (restoreFocus) menuButton.current?.focus();
  }

  return (
    <div className="shell">
      <header className="app-header">
        <button
          ref={menuButton}
          type="button"
          className="app-header__menu-button"
          aria-expanded={menuOpen}
          aria-controls={menuOpen ? menuId : undefined}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
          <span>{t("nav.menu")}</span>
        </button>
        <div className="app-header__center">
          <h1 className="app-header__title">{title}</h1>
          <ClockPill />
        </div>
        <span className="app-header__end">
          <NewsBell />
        </span>
      </header>
      {menuOpen && (
        <>
          <div className="menu-backdrop" onClick={() => closeMenu(false)} />
          <Menu id={menuId} onClose={closeMenu} />
        </>
      )}
      <ConnectionBanner />
      <ClockBanner />
      <NewVersion />
      <UrgentNews />
      <main className="app-main">
        <ScreenBoundary>
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </ScreenBoundary>
      </main>
      <FooterNav />
    </div>
  );
}
