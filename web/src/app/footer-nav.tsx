import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { NewsIcon, PinIcon } from "../components/icons";
import { useGame } from "../game/game-store";
import { totalUnread } from "../game/messenger";

/** The footer: news and stations, stations with the unread-message count or "!" for new ones. */
export function FooterNav() {
  const { t } = useTranslation();
  const { state } = useGame();
  const unread = totalUnread(state);
  const unseen = state.unseenViews.includes("station");
  const link = ({ isActive }: { isActive: boolean }) =>
    isActive ? "footer-nav__link footer-nav__link--active" : "footer-nav__link";

  return (
    <nav className="footer-nav" aria-label={t("nav.footer")}>
      <NavLink to="/" end className={link}>
        <NewsIcon />
        <span>{t("nav.news")}</span>
      </NavLink>
      <NavLink to="/station" className={link}>
        <span className="footer-nav__icon">
          <PinIcon />
          {(unread > 0 || unseen) && (
            <span className="badge badge--corner" aria-hidden="true">
              {unread > 0 ? unread : "!"}
            </span>
          )}
        </span>
        <span>{t("nav.stations")}</span>
        {(unread > 0 || unseen) && (
          <span className="visually-hidden">
            {unread > 0 ? t("nav.unread", { count: unread }) : t("nav.newStations")}
          </span>
        )}
      </NavLink>
    </nav>
  );
}
