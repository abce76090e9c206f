import { useId, useState } from "react";
import type { OpsArchivedGame } from "@wegmarke/protocol";
import { errorText } from "../../api/error-text";
import { getArchivedGames, restoreGame } from "../../api/games-api";
import { useI18n } from "../../i18n/i18n";
import { formatDate } from "../../lib/format";
import { useCall } from "../../lib/use-call";

/** A game brought back: its title and where its players play again. */
type Restored = { title: string; address: string };

/**
 * The admin's list of the games that have ended whose data is still kept, each with when it
 * ended and when its data is erased, and a button that brings it back at once (harmless: no
 * question asked). Absent while none has ended. `reloadKey` changes when a game has ended
 * elsewhere on the page: the list loads again; `onRestored` reloads the list of games.
 */
export function EndedGames({
  reloadKey,
  onRestored,
}: {
  reloadKey: number;
  onRestored: () => void;
}) {
  const texts = useI18n();
  const { t, locale } = texts;
  const id = useId();
  const ended = useCall(`archived-games:${reloadKey}`, (signal) => getArchivedGames(signal));
  const [restoring, setRestoring] = useState<string | null>(null);
  const [restored, setRestored] = useState<Restored | null>(null);
  const [error, setError] = useState<unknown>(null);
  const listed = ended.data?.games ?? [];

  const restore = async (game: OpsArchivedGame) => {
    setRestoring(game.name);
    setRestored(null);
    setError(null);
    try {
      await restoreGame(game.name);
      // An ended game is never the installation's first: it plays under its own name.
      setRestored({ title: game.title, address: `/g/${game.name}/webapp/` });
    } catch (failure) {
      setError(failure);
    } finally {
      setRestoring(null);
      // Refused or not, both lists show how things stand now (restored or erased meanwhile).
      ended.reload();
      onRestored();
    }
  };

  const loaded = ended.error === undefined && ended.data !== undefined;
  if (loaded && listed.length === 0 && restored === null && error === null) return null;
  return (
    <section className="panel stack" aria-labelledby={id}>
      <h2 id={id}>{t("games.endedHeading")}</h2>
      {ended.error !== undefined ? (
        <p className="notice notice--error" role="alert">
          {errorText(ended.error, texts)}
        </p>
      ) : ended.data === undefined ? (
        <p aria-busy="true">{t("app.loading")}</p>
      ) : (
        listed.length > 0 && (
          <>
            <p className="muted">{t("games.endedText")}</p>
            <ul className="team__list">
              {listed.map((game) => (
                <li key={game.name} className="team__operator" aria-label={game.title}>
                  <strong>{game.title}</strong>
                  <span className="muted">
                    {t("games.ended", {
                      endedOn: formatDate(game.archivedAt, locale),
                      erasedFrom: formatDate(game.erasedFrom, locale),
                    })}
                  </span>
                  <button
                    type="button"
                    className="button button--small"
                    disabled={restoring !== null}
                    onClick={() => void restore(game)}
                  >
                    {restoring === game.name
                      ? t("games.restoring")
                      : t("games.restore", { title: game.title })}
                  </button>
                </li>
              ))}
            </ul>
          </>
        )
      )}
      {restored !== null && (
        <p className="notice notice--success" role="status">
          {t("games.restored", restored)}
        </p>
      )}
      {error !== null && (
        <p className="notice notice--error" role="alert">
          {errorText(error, texts)}
        </p>
      )}
    </section>
  );
}
