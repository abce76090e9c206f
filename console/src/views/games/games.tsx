import { useRef, useState } from "react";
import type { OpsGame, OpsMe } from "@wegmarke/protocol";
import { errorText } from "../../api/error-text";
import { chooseGame, isShown } from "../../api/game-choice";
import { archiveGame, gameZipUrl } from "../../api/games-api";
import { getGames } from "../../api/ops-api";
import { Confirm } from "../../components/confirm";
import { useI18n } from "../../i18n/i18n";
import { sectionPath } from "../../routes/router";
import { useCall } from "../../lib/use-call";
import { EndedGames } from "./ended-games";
import { NewGame } from "./new-game";

/**
 * One game of the list: its title and address; shown, or a click away; the admin exports it as
 * a zip and ends it.
 */
function GameRow({ game, admin, onEnded }: { game: OpsGame; admin: boolean; onEnded: () => void }) {
  const { t } = useI18n();
  const [confirming, setConfirming] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const shown = isShown(game);
  return (
    <li className="team__operator" aria-label={game.title}>
      <strong>{game.title}</strong>
      {shown && <span className="pill">{t("games.shown")}</span>}
      <span className="muted">
        {t("games.address")}{" "}
        <a href={game.app} target="_blank" rel="noreferrer">
          {game.app}
        </a>
      </span>
      {!shown && (
        <button
          type="button"
          className="button button--small"
          onClick={() => chooseGame(game.first ? null : game.name)}
        >
          {t("games.show", { title: game.title })}
        </button>
      )}
      {admin && (
        <a className="button button--small" href={gameZipUrl(game)} download>
          {t("games.export", { title: game.title })}
        </a>
      )}
      {admin && !game.first && !confirming && (
        <button
          ref={trigger}
          type="button"
          className="button button--small"
          aria-expanded={confirming}
          onClick={() => setConfirming(true)}
        >
          {t("games.archive", { title: game.title })}
        </button>
      )}
      {confirming && (
        <Confirm
          question={t("games.archiveQuestion", { title: game.title })}
          confirmLabel={t("games.archiveConfirm")}
          keepLabel={t("games.archiveKeep")}
          onKeep={() => {
            setConfirming(false);
            trigger.current?.focus();
          }}
          onConfirm={async () => {
            await archiveGame(game.name);
            // The game shown ended: the console goes on with the first, on this page, where
            // the ended game is listed to take back.
            if (shown) chooseGame(null, sectionPath.games);
            else onEnded();
          }}
        />
      )}
    </li>
  );
}

/**
 * The games of the installation the operator sees (decisions/054), each a click from being
 * shown; the admin makes new ones from a template or a game's zip, exports and ends them, and
 * brings ended ones back.
 */
export function GamesView({ me }: { me: OpsMe }) {
  const texts = useI18n();
  const { t } = texts;
  const games = useCall("games", (signal) => getGames(signal));
  const listed = games.data?.games ?? [];
  // Bumped when a game ends: the list of ended games loads again, the game now among them.
  const [endings, setEndings] = useState(0);
  const onEnded = () => {
    games.reload();
    setEndings((count) => count + 1);
  };
  return (
    <div className="stack">
      <h1 tabIndex={-1}>{t("nav.games")}</h1>
      <p>{t("games.text")}</p>
      {games.error !== undefined ? (
        <p className="notice notice--error" role="alert">
          {errorText(games.error, texts)}
        </p>
      ) : games.data === undefined ? (
        <p aria-busy="true">{t("app.loading")}</p>
      ) : (
        <section className="panel stack">
          <ul className="team__list">
            {listed.map((game) => (
              <GameRow key={game.name} game={game} admin={me.admin} onEnded={onEnded} />
            ))}
          </ul>
        </section>
      )}
      {me.admin && <EndedGames reloadKey={endings} onRestored={games.reload} />}
      {me.admin && <NewGame games={listed} onMade={games.reload} />}
    </div>
  );
}
