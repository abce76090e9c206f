import { useEffect, useId, useState } from "react";
import type { OpsGame } from "@wegmarke/protocol";
import { chooseGame, chosenGame } from "../api/game-choice";
import { getGames } from "../api/ops-api";
import { useI18n } from "../i18n/i18n";

/**
 * The game the console shows, in the header where the installation has more than one
 * (decisions/054): choosing another starts the console over with that game's views. A game
 * chosen before that no longer plays (archived) gives way to the first.
 */
export function GameSwitch() {
  const { t } = useI18n();
  const id = useId();
  const [games, setGames] = useState<OpsGame[]>([]);

  useEffect(() => {
    const controller = new AbortController();
    getGames(controller.signal)
      .then((listed) => {
        if (chosenGame !== null && !listed.games.some((game) => game.name === chosenGame)) {
          chooseGame(null);
          return;
        }
        setGames(listed.games);
      })
      // Without the list the console goes on with the game it shows.
      .catch(() => undefined);
    return () => controller.abort();
  }, []);

  if (games.length < 2) return null;
  const shown = games.find((game) => (chosenGame === null ? game.first : game.name === chosenGame));
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
