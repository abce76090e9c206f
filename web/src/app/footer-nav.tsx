import { useTranslation } from "../i18n/use-translation";
import { NavLink } from "react-router";
import { BookIcon, NewsIcon, PinIcon } from "../components/icons";
import { footerMarker, unreadInViews } from "../game/footer-counts";
import { availableStories, unseenStories } from "../game/stories";
import { useGame } from "../session/game-store";
import { useSession } from "../session/session";
import { MoreMenu } from "./more-menu";
import "./footer-nav.css";

/**
 * The footer (spec 2): news; stations with their unread-message count or "!" for new ones;
 * stories with the count of unseen ones; and "More" for the game's other sections.
 */
export function FooterNav() {
  const { t } = useTranslation();
  const { content } = useSession();
  const { state } = useGame();
  const unread = unreadInViews(state, ["station"]);
  const stationMarker = footerMarker(unread, state.unseenViews.includes("station"));
  const newStories = unseenStories(availableStories(content, state.status), state.seen.stories);
  const link = ({ isActive }: { isActive: boolean }) =>
    isActive ? "footer-nav__link footer-nav__link--active" : "footer-nav__link";

  return (
    <nav className="footer-nav footer-nav--four" aria-label={t("nav.footer")}>
      <NavLink to="/" end className={link}>
        <NewsIcon />
        <span>{t("nav.news")}</span>
      </NavLink>
      <NavLink to="/station" className={link}>
        <span className="footer-nav__icon">
          <PinIcon />
          {stationMarker !== null && (
            <span className="badge badge--corner" aria-hidden="true">
              {stationMarker}
            </span>
          )}
        </span>
        <span>{t("nav.stations")}</span>
        {stationMarker !== null && (
          <span className="visually-hidden">
            {unread > 0 ? t("nav.unread", { count: unread }) : t("nav.newStations")}
          </span>
        )}
      </NavLink>
      <NavLink to="/stories" className={link}>
        <span className="footer-nav__icon">
          <BookIcon />
          {newStories.length > 0 && (
            <span className="badge badge--corner" aria-hidden="true">
              {newStories.length}
            </span>
          )}
        </span>
        <span>{t("nav.stories")}</span>
        {newStories.length > 0 && (
          <span className="visually-hidden">
            {t("nav.unseenStories", { count: newStories.length })}
          </span>
        )}
      </NavLink>
      <MoreMenu />
    </nav>
  );
}
