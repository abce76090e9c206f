import { useEffect, useState } from "react";
import { opsThreadChanged } from "@wegmarke/protocol";
import type { OpsThread, OpsThreadLine } from "@wegmarke/protocol";
import { API_BASE } from "../../api/game-choice";
import { errorText } from "../../api/error-text";
import { deliverNow, getThread } from "../../api/ops-api";
import { useI18n } from "../../i18n/i18n";
import { formatDateTime, formatTime } from "../../lib/format";
import { useCall } from "../../lib/use-call";
import { Link } from "../../routes/router";
import { AwardForm } from "./award-form";
import { HintForm } from "./hint-form";
import { JumpForm } from "./jump-form";
import { SpeakForm } from "./speak-form";
import { StationAccessForm } from "./station-access-form";

/**
 * How often the page reads the chat again without being told: the server's watch tells it of
 * every change; this covers a watch that could not open.
 */
export const CHAT_FALLBACK_MS = 20_000;

/** Whether a watch's event is the protocol's `changed`. */
function isChanged(data: string): boolean {
  try {
    return opsThreadChanged.safeParse(JSON.parse(data)).success;
  } catch {
    return false;
  }
}

/** The lines of one station in a row, as the thread shows them under its title. */
type Stretch = { stationId: number; lines: OpsThreadLine[] };

function stretches(lines: OpsThreadLine[]): Stretch[] {
  const out: Stretch[] = [];
  for (const line of lines) {
    const last = out.at(-1);
    if (last?.stationId === line.stationId) last.lines.push(line);
    else out.push({ stationId: line.stationId, lines: [line] });
  }
  return out;
}

/** One line: who wrote it (the player's answers under their name), and what. */
function Line({ line, player }: { line: OpsThreadLine; player: string }) {
  const { t, locale } = useI18n();
  const own = line.from === "user";
  const body =
    line.kind === "media"
      ? t("chat.media", { path: line.text })
      : line.kind === "mission"
        ? t("chat.mission", { what: line.text })
        : line.text;
  return (
    <li className={own ? "chat__line chat__line--own" : "chat__line"}>
      <span className="chat__from">{own ? (line.name ?? player) : line.from}</span>
      <span className="chat__text">{body}</span>
      <time className="chat__time" dateTime={line.at}>
        {formatDateTime(line.at, locale)}
      </time>
    </li>
  );
}

/** The script's lines that come later, by station, each with a button to send it now. */
function Waiting({
  playerId,
  thread,
  onSent,
}: {
  playerId: number;
  thread: OpsThread;
  onSent: () => void;
}) {
  const texts = useI18n();
  const { t, tn, locale } = texts;
  const [failed, setFailed] = useState<string | null>(null);
  if (thread.waiting.length === 0) return null;
  return (
    <section className="chat__speak stack" aria-labelledby="waiting-heading">
      <h2 id="waiting-heading">{t("chat.waitingHeading")}</h2>
      <ul className="stuck">
        {thread.waiting.map((group) => {
          const title = thread.titles[String(group.stationId)] ?? `#${group.stationId}`;
          return (
            <li key={group.stationId} className="stuck__entry">
              <span>
                {tn("chat.waiting", group.count, {
                  title,
                  time: formatTime(group.nextAt, locale),
                })}
              </span>
              <button
                type="button"
                className="button button--small"
                onClick={() => {
                  setFailed(null);
                  deliverNow(playerId, group.stationId).then(onSent, (error: unknown) =>
                    setFailed(errorText(error, texts)),
                  );
                }}
              >
                {t("chat.deliverNow", { title })}
              </button>
            </li>
          );
        })}
      </ul>
      {failed !== null && (
        <p className="notice notice--error" role="alert">
          {failed}
        </p>
      )}
    </section>
  );
}

/**
 * The game master's page of one player: their chat as their app (their team's) shows it, read
 * again whenever the server's watch says it grew (on any instance), where they are and what
 * the station waits for, the riddle's next hint, a knot to direct its dialogue to, points to
 * award or take, a line to write into the running station as one of its characters or the
 * game master, and the stations to close for the player or open again.
 */
export function PlayerChat({ playerId }: { playerId: number }) {
  const texts = useI18n();
  const { t, tn } = texts;
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const again = () => setTick((n) => n + 1);
    const watch = new EventSource(`${API_BASE}/players/${playerId}/watch`);
    watch.addEventListener("changed", (event) => {
      if (isChanged((event as MessageEvent<string>).data)) again();
    });
    const timer = setInterval(again, CHAT_FALLBACK_MS);
    return () => {
      watch.close();
      clearInterval(timer);
    };
  }, [playerId]);
  const thread = useCall<OpsThread>(`${playerId}:${tick}`, (signal) => getThread(playerId, signal));
  const data = thread.data;
  return (
    <div className="stack">
      <p>
        <Link to="/ops/players">{t("chat.back")}</Link>
      </p>
      {thread.error !== undefined && (
        <p className="notice notice--error" role="alert">
          {errorText(thread.error, texts)}
        </p>
      )}
      {data === undefined ? (
        thread.pending && <p>{t("app.loading")}</p>
      ) : (
        <>
          <h1 tabIndex={-1}>
            {data.player.team === null
              ? t("chat.heading", { name: data.player.name })
              : t("chat.headingTeam", { name: data.player.name, team: data.player.team })}
          </h1>
          <p className="player__meta">
            <span>{tn("players.points", data.points)}</span>
            <span>
              {data.station === null
                ? t("chat.noStation")
                : t(
                    data.station.waits === null
                      ? "chat.atWriting"
                      : `chat.waits.${data.station.waits}`,
                    {
                      title: data.station.title,
                    },
                  )}
            </span>
            <Link to={`/ops/inbox?player=${playerId}`}>{t("chat.inbox")}</Link>
          </p>
          {data.station !== null && (
            <HintForm
              key={`hint-${data.station.id}`}
              playerId={playerId}
              station={data.station}
              onSent={() => setTick((n) => n + 1)}
            />
          )}
          {data.station !== null && (
            <JumpForm
              key={`jump-${data.station.id}`}
              playerId={playerId}
              station={data.station}
              name={data.player.team ?? data.player.name}
              onSent={() => setTick((n) => n + 1)}
            />
          )}
          <AwardForm
            key={`award-${playerId}`}
            playerId={playerId}
            player={data.player}
            awards={data.awards}
            onSent={() => setTick((n) => n + 1)}
          />
          {data.lines.length === 0 ? (
            <p className="muted">{t("chat.empty")}</p>
          ) : (
            stretches(data.lines).map((stretch) => (
              <section className="chat" key={stretch.lines[0]?.id}>
                <h2 className="chat__station">
                  {data.titles[String(stretch.stationId)] ?? `#${stretch.stationId}`}
                </h2>
                <ol className="chat__lines">
                  {stretch.lines.map((line) => (
                    <Line key={line.id} line={line} player={data.player.name} />
                  ))}
                </ol>
              </section>
            ))
          )}
          <Waiting playerId={playerId} thread={data} onSent={() => setTick((n) => n + 1)} />
          {data.station !== null && (
            <SpeakForm
              key={`speak-${data.station.id}`}
              playerId={playerId}
              station={data.station}
              onSent={() => setTick((n) => n + 1)}
            />
          )}
          <StationAccessForm
            key={`stations-${playerId}`}
            playerId={playerId}
            titles={data.titles}
            runs={data.runs}
            name={data.player.team ?? data.player.name}
            onSent={() => setTick((n) => n + 1)}
          />
        </>
      )}
    </div>
  );
}
