import { useTranslation } from "../../i18n/use-translation";
import { Loading } from "../../components/loading";
import { allNews } from "../../game/news";
import { useGame } from "../../session/game-store";
import { useSession } from "../../session/session";
import { NewsItem, OperatorNewsItem } from "../home/home-screen";
import "../home/home.css";

/**
 * /webapp/news: every news item the player has, read or not, newest first: the operators'
 * news and the characters' recommendations, each with its link to the station it names.
 */
export function NewsScreen() {
  const { t } = useTranslation();
  const { state } = useGame();
  const { language } = useSession();
  if (state.status === null) return <Loading />;
  const news = allNews(state);

  if (news.length === 0) {
    return (
      <p className="empty-state" data-testid="news-empty">
        {t("news.none")}
      </p>
    );
  }
  return (
    <ul className="news-list news-history">
      {news.map((entry) =>
        entry.kind === "game" ? (
          <OperatorNewsItem
            key={`game-${entry.item.ID}`}
            item={entry.item}
            state={state}
            language={language}
          />
        ) : (
          <NewsItem key={entry.message.id} message={entry.message} state={state} />
        ),
      )}
    </ul>
  );
}
