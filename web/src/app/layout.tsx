import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useMatches } from "react-router";
import { CloseIcon, MenuIcon } from "../components/icons";
import { unreadInAllViews } from "../game/footer-counts";
import { useGame } from "../session/game-store";
import { useSession } from "../session/session";
import { FooterNav } from "./footer-nav";
import { Menu } from "./menu";
import { NewsBell } from "./news-bell";
import { routeTitleKey } from "./route-handle";
import { useAppBadge } from "./use-app-badge";
import "./layout.css";

function useDocumentTitle(title: string): void {
  const { config, content } = useSession();
  const game = content?.title ?? config.title;
  useEffect(() => {
    document.title = `${title} · ${game}`;
  }, [title, game]);
}

/** Header with menu and route title, the screen, and the footer navigation. */
export function AppLayout() {
  const { t } = useTranslation();
  const { config } = useSession();
  const title = t(routeTitleKey(useMatches(), config));
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  useDocumentTitle(title);
  useAppBadge(unreadInAllViews(useGame().state));

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
        <h1 className="app-header__title">{title}</h1>
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
      <main className="app-main">
        <Outlet />
      </main>
      <FooterNav />
    </div>
  );
}

/** For screens outside the game (login, 404): a header with the game's name only. */
export function PlainLayout() {
  const { t } = useTranslation();
  const { config, content } = useSession();
  const title = t(routeTitleKey(useMatches(), config));
  useDocumentTitle(title);
  return (
    <div className="shell shell--plain">
      <header className="app-header app-header--plain">
        <span className="app-header__brand">{content?.title ?? config.title}</span>
      </header>
      <main className="app-main">
        <Outlet />
      </main>
    </div>
  );
}
