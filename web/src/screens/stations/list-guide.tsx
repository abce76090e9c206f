import { Link } from "react-router";
import type { StationView } from "@wegmarke/protocol";
import { ChevronIcon } from "../../components/icons";
import { useViewNames } from "../../components/view-names";
import type { Remaining } from "../../game/view-list";
import { useTranslation } from "../../i18n/use-translation";
import { useSession } from "../../session/session";

/**
 * Atop a view's list (not the station list): what the view holds, the pack's name for it (when
 * the pack names it; the header keeps the route's title) and its line, else the app's line.
 */
export function ListIntro({ view }: { view: StationView }) {
  const { content } = useSession();
  const { label, text } = useViewNames()(view);
  return (
    <div className="list-intro">
      {content?.views?.[view] !== undefined && <h2 className="list-intro__label">{label}</h2>}
      <p>{text}</p>
    </div>
  );
}

/** Links to the other views that still hold open stations, with their count. */
function ElsewhereLinks({ views }: { views: Remaining["views"] }) {
  const { t } = useTranslation();
  const viewName = useViewNames();
  return (
    <ul className="elsewhere__list">
      {views.map(({ view, open }) => (
        <li key={view}>
          <Link className="elsewhere__link" to={`/${view}`}>
            <span className="elsewhere__label">{viewName(view).label}</span>{" "}
            <span className="elsewhere__count">{t("views.open", { count: open })}</span>
            <ChevronIcon />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Below a station list that has stations: the other views with open stations, if any. */
export function AlsoInGame({ remaining }: { remaining: Remaining }) {
  const { t } = useTranslation();
  if (remaining.views.length === 0) return null;
  return (
    <section className="elsewhere" aria-labelledby="elsewhere-heading">
      <h2 id="elsewhere-heading" className="elsewhere__heading">
        {t("stations.alsoInGame")}
      </h2>
      <ElsewhereLinks views={remaining.views} />
    </section>
  );
}

/**
 * The station list with nothing open: "all done" only when every station of the game is done;
 * else that this list is done (or empty), where the game goes on, and that some stations are
 * still hidden when secret ones are left.
 */
export function StationListEnd({
  remaining,
  doneHere,
}: {
  remaining: Remaining;
  /** The list is empty because its stations are done. */
  doneHere: boolean;
}) {
  const { t } = useTranslation();
  if (remaining.allDone) {
    return (
      <p className="empty-state" data-testid="empty-list">
        {t("stations.allDone")}
      </p>
    );
  }
  return (
    <section className="elsewhere elsewhere--end" aria-labelledby="list-end">
      <p id="list-end" className="empty-state" data-testid="empty-list">
        {doneHere ? t("stations.doneHere") : t("lists.empty.station")}
      </p>
      {remaining.views.length > 0 && (
        <>
          <h2 className="elsewhere__heading">{t("stations.continueAt")}</h2>
          <ElsewhereLinks views={remaining.views} />
        </>
      )}
      {remaining.hidden > 0 && <p className="elsewhere__hidden">{t("stations.hiddenLeft")}</p>}
    </section>
  );
}
