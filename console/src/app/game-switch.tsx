import { useEffect, useId, useState } from "react";
import type { OpsGame } from "@wegmarke/protocol";
import { chooseGame, gameInstead, isShown } from "../api/game-choice";
import { errorText } from "../api/error-text";
import { getGames } from "../api/ops-api";
import { useI18n } from "../i18n/i18n";

/**
 * The game the console shows, in the header where the operator sees more than one
 * (decisions/054): choosing another starts the console over with that game's views. A game
 * chosen before that no longer plays (archived) gives way to the first the operator sees.
 */
export function GameSwitch() {
  const { t } = useI18n();
  const id = useId();
  const [games, setGames] = useState<OpsGame[]>([]);

  useEffect(() => {
    const controller = new AbortController();
    getGames(controller.signal)
      .then((listed) => {
        const instead = gameInstead(listed.games);
        if (instead !== undefined) {
          chooseGame(instead);
          return;
        }
        setGames(listed.games);
      })
      // Without the list the console goes on with the game it shows.
      .catch(() => undefined);
    return () => controller.abort();
  }, []);

  const shown = games.find(isShown);
  // One game to see: no choice; its name where it is not the installation's first.
  if (games.length < 2) {
    return shown && !shown.first ? (
      <p className="muted game-switch">
        {t("game.label")}: {shown.title}
      </p>
    ) : null;
  }
  return (
    <div className="language-switch game-switch">
      <label htmlFor={id}>{t("game.label")}</label>
      <select
        id={id}
        value={shown?.name ?? ""}
        onChange={(event) => {
          const game = games.find((item) => item.name === event.target.value);
          if (game) chooseGame(game.first ? null : game.name);
        }}
      >
        {games.map((game) => (
          <option key={game.name} value={game.name}>
            {game.title}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * In place of the console where the signed-in operator does not see the game it would show:
 * goes to a game they see, or says that none is theirs yet.
 */
export function GameElsewhere({ onSignOut }: { onSignOut: () => void }) {
  const texts = useI18n();
  const { t } = texts;
  const [none, setNone] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getGames(controller.signal).then(
      (listed) => {
        const instead = gameInstead(listed.games);
        if (instead === undefined) setNone(t("game.none"));
        else chooseGame(instead);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setNone(errorText(error, texts));
      },
    );
    return () => controller.abort();
  }, [t, texts]);

  return (
    <main className="center" aria-busy={none === null}>
      <div className="card stack">
        <h1>{t("app.title")}</h1>
        {none === null ? <p>{t("app.loading")}</p> : <p role="status">{none}</p>}
        <button type="button" className="button" onClick={onSignOut}>
          {t("signOut")}
        </button>
      </div>
    </main>
  );
}
