import { useEffect, useId, useRef, useState } from "react";
import { allSubmissionIds } from "../game/submission-messages";
import type { KeyboardEvent } from "react";
import { useTranslation } from "../i18n/use-translation";
import { NavLink } from "react-router";
import type { StationView } from "@wegmarke/protocol";
import { MoreIcon } from "../components/icons";
import { footerMarker, stationsToRead, unreadInViews } from "../game/footer-counts";
import { remainingStations, viewsWithEntries } from "../game/view-list";
import { useViewNames } from "../components/view-names";
import { focusableBeyond, moveFocusByArrow } from "../lib/arrow-focus";
import { useGame } from "../session/game-store";
import { useOrganisers } from "../session/organisers";
import "./more-menu.css";

type Entry = { to: string; label: string; hint: string | null; marker: string | null };

/**
 * The footer's "More": the game's other views (those with entries), each by a name that says
 * what it holds (the pack's, else the app's) and how many of its stations are open, then points,
 * the scoreboard and the conversation with the organisers (with its unread answers), in a list
 * that opens above the footer. Arrows move, Escape and Tab close.
 */
export function MoreMenu() {
  const { t } = useTranslation();
  const { state } = useGame();
  const answers = useOrganisers().unread;
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const id = useId();

  const viewName = useViewNames();
  const views = viewsWithEntries(state.status, stationsToRead(state));
  const remaining = remainingStations(state.status).views;
  const openIn = (view: StationView) => remaining.find((entry) => entry.view === view)?.open ?? 0;
  const entries: Entry[] = [
    ...views.map((view) => ({
      to: `/${view}`,
      label: viewName(view).label,
      hint: openIn(view) > 0 ? t("views.open", { count: openIn(view) }) : t("views.done"),
      marker: footerMarker(unreadInViews(state, [view]), state.unseenViews.includes(view)),
    })),
    { to: "/points", label: t("route.points"), hint: null, marker: null },
    { to: "/scoreboard", label: t("route.scoreboard"), hint: null, marker: null },
    // What the player (or the team) sent for missions, once there is any.
    ...(allSubmissionIds(state).length > 0
      ? [{ to: "/gallery", label: t("route.gallery"), hint: null, marker: null }]
      : []),
    {
      to: "/organisers",
      label: t("route.organisers"),
      hint: answers > 0 ? t("nav.unread", { count: answers }) : null,
      marker: answers > 0 ? String(answers) : null,
    },
  ];
  // An answer of the organisers counts like a character's message: the player sees it anywhere.
  const marker = footerMarker(
    unreadInViews(state, views) + answers,
    views.some((view) => state.unseenViews.includes(view)),
  );

  useEffect(() => {
    if (!open) return;
    listRef.current?.querySelector<HTMLElement>("a")?.focus();
    // Escape closes it wherever the focus is.
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);

  function close(restoreFocus: boolean) {
    setOpen(false);
    if (restoreFocus) buttonRef.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    if (event.key === "Tab") {
      const next = listRef.current && focusableBeyond(listRef.current, event.shiftKey);
      if (next) {
        event.preventDefault();
        next.focus();
      }
      close(false);
      return;
    }
    const items = [...(listRef.current?.querySelectorAll<HTMLElement>("a") ?? [])];
    if (moveFocusByArrow(items, event.key)) event.preventDefault();
  }

  return (
    <div className="more-menu">
      {open && <div className="more-menu__backdrop" onClick={() => close(false)} />}
      <button
        ref={buttonRef}
        type="button"
        className={open ? "footer-nav__link footer-nav__link--active" : "footer-nav__link"}
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((was) => !was)}
      >
        <span className="footer-nav__icon">
          <MoreIcon />
          {marker !== null && (
            <span className="badge badge--corner" aria-hidden="true">
              {marker}
            </span>
          )}
        </span>
        <span>{t("nav.more")}</span>
        {answers > 0 && (
          <span className="visually-hidden">{t("organisers.unread", { count: answers })}</span>
        )}
      </button>
      {open && (
        <ul
          id={id}
          ref={listRef}
          className="more-menu__list"
          aria-label={t("nav.moreSections")}
          onKeyDown={onKeyDown}
        >
          {entries.map((entry) => (
            <li key={entry.to}>
              <NavLink
                to={entry.to}
                className={({ isActive }) =>
                  isActive ? "more-menu__link more-menu__link--active" : "more-menu__link"
                }
                onClick={() => close(false)}
              >
                <span className="more-menu__label">
                  {entry.label}
                  {entry.hint !== null && (
                    <>
                      {" "}
                      <span className="more-menu__hint">{entry.hint}</span>
                    </>
                  )}
                </span>
                {entry.marker !== null && <span className="badge">{entry.marker}</span>}
              </NavLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
