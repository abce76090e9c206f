import { useRole } from "../../components/roles";
import { useEffect, useId, useRef, useState } from "react";
import type { OpsPlayer, OpsPlayersPage } from "@wegmarke/protocol";
import { errorText } from "../../api/error-text";
import { cancelStation, getPlayers } from "../../api/ops-api";
import { Confirm } from "../../components/confirm";
import { useI18n } from "../../i18n/i18n";
import { formatDateTime } from "../../lib/format";
import { useCall } from "../../lib/use-call";
import { Link, useSearch } from "../../routes/router";
import { PlayerChat } from "./player-chat";

export const PAGE_SIZE = 25;
/** How long typing may pause before the search runs. */
export const SEARCH_DELAY_MS = 300;

type PlayerProps = {
  player: OpsPlayer;
  /** After a cancel: the notice to show and the list to load again. */
  onCancelled: (notice: string) => void;
};

function PlayerCard({ player, onCancelled }: PlayerProps) {
  const { t, tn, locale } = useI18n();
  const [confirming, setConfirming] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const station = player.currentStation;
  const headingId = useId();
  const host = useRole("host");
  return (
    <li className="player" aria-labelledby={headingId}>
      <div className="player__head">
        <h2 id={headingId} className="player__name">
          {player.name}
        </h2>
        <span className={player.online ? "pill pill--online" : "pill"}>
          {player.online
            ? t("players.online")
            : player.lastSeen === null
              ? t("players.neverSeen")
              : t("players.lastSeen", { time: formatDateTime(player.lastSeen, locale) })}
        </span>
      </div>
      <p className="player__meta">
        <span>{t("players.id", { id: player.id })}</span>
        <span>{player.phone ?? t("players.anonymous")}</span>
        {player.team !== null && <span>{t("players.team", { name: player.team.name })}</span>}
      </p>
      <p className="player__meta">
        <span>{tn("players.points", player.points)}</span>
        <span>{tn("players.stationsDone", player.stationsDone)}</span>
      </p>
      {host && (
        <p>
          <Link to={`/ops/players?player=${player.id}`}>
            {t("players.chat", { name: player.name })}
          </Link>
        </p>
      )}
      {station !== null && (
        <div className="player__station">
          <p>
            <strong>{t("players.at", { title: station.title })}</strong>
          </p>
          {host && (
            <button
              ref={trigger}
              type="button"
              className="button button--small"
              aria-expanded={confirming}
              onClick={() => setConfirming(true)}
            >
              {t("players.cancel")}
            </button>
          )}
        </div>
      )}
      {station !== null && confirming && (
        <Confirm
          question={t("players.cancelQuestion", { title: station.title, name: player.name })}
          confirmLabel={t("players.cancelConfirm")}
          keepLabel={t("players.cancelKeep")}
          onKeep={() => {
            setConfirming(false);
            trigger.current?.focus();
          }}
          onConfirm={async () => {
            await cancelStation(player.id, station.id);
            setConfirming(false);
            onCancelled(t("players.cancelled", { title: station.title, name: player.name }));
          }}
        />
      )}
    </li>
  );
}

/**
 * Search players (name, team or number), page through them, free one stuck at a station; with
 * `?player=<id>`, that player's chat (the game master's page).
 */
export function PlayersView() {
  const chosen = Number(useSearch().get("player"));
  if (Number.isSafeInteger(chosen) && chosen > 0)
    return <PlayerChat key={chosen} playerId={chosen} />;
  return <PlayerList />;
}

function PlayerList() {
  const texts = useI18n();
  const { t, tn } = texts;
  const [input, setInput] = useState("");
  const [query, setQuery] = useState({ q: "", offset: 0 });
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    const q = input.trim();
    const timer = setTimeout(
      () => setQuery((current) => (current.q === q ? current : { q, offset: 0 })),
      SEARCH_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [input]);

  const players = useCall<OpsPlayersPage>(`${query.q}\n${query.offset}`, (signal) =>
    getPlayers({ ...query, limit: PAGE_SIZE }, signal),
  );
  const page = players.data;
  const first = query.offset + 1;
  const last = query.offset + (page?.players.length ?? 0);

  return (
    <div className="stack">
      <h1 tabIndex={-1}>{t("players.heading")}</h1>
      <form
        className="search"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          const q = input.trim();
          if (q === query.q) players.reload();
          else setQuery({ q, offset: 0 });
        }}
      >
        <label htmlFor="player-search">{t("players.search")}</label>
        <div className="search__row">
          <input
            id="player-search"
            type="search"
            value={input}
            onChange={(event) => setInput(event.target.value)}
            maxLength={100}
            autoComplete="off"
          />
          <button type="submit" className="button">
            {t("players.searchButton")}
          </button>
        </div>
      </form>
      {notice !== null && (
        <p className="notice notice--success" role="status">
          {notice}
        </p>
      )}
      {players.error !== undefined && (
        <p className="notice notice--error" role="alert">
          {errorText(players.error, texts)}
        </p>
      )}
      <div aria-busy={players.pending} className={players.pending ? "stale" : undefined}>
        {page === undefined ? (
          players.pending && <p>{t("app.loading")}</p>
        ) : (
          <>
            <p role="status" className="muted">
              {page.total === 0
                ? t("players.none")
                : `${tn("players.count", page.total)}${page.total > page.players.length ? ` (${first}–${last})` : ""}`}
            </p>
            <ul className="players">
              {page.players.map((player) => (
                <PlayerCard
                  key={player.id}
                  player={player}
                  onCancelled={(text) => {
                    setNotice(text);
                    players.reload();
                  }}
                />
              ))}
            </ul>
            {(query.offset > 0 || last < page.total) && (
              <div className="pager">
                <button
                  type="button"
                  className="button"
                  disabled={query.offset === 0}
                  onClick={() =>
                    setQuery({ q: query.q, offset: Math.max(0, query.offset - PAGE_SIZE) })
                  }
                >
                  {t("players.previous")}
                </button>
                <button
                  type="button"
                  className="button"
                  disabled={last >= page.total}
                  onClick={() => setQuery({ q: query.q, offset: query.offset + PAGE_SIZE })}
                >
                  {t("players.next")}
                </button>
              </div>
            )}
          </>
        )}
      </div>
    </div>
  );
}
