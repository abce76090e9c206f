import { lazy, Suspense, useEffect, useState } from "react";
import type { OpsTeamPositions } from "@wegmarke/protocol";
import { errorText } from "../../api/error-text";
import { getMap } from "../../api/ops-api";
import { useI18n } from "../../i18n/i18n";
import type { Texts } from "../../i18n/i18n";
import { useCall } from "../../lib/use-call";
import { useLiveState } from "../../live/live-context";
import type { TeamsState } from "../../live/live-state";
import type { MemberMarker } from "./team-map";

/** Leaflet comes with this chunk only, when the map is opened (decisions/022). */
const TeamMap = lazy(() => import("./team-map"));

/** How often the ages shown move on without news from the stream. */
const TICK_MS = 10_000;

type Team = OpsTeamPositions["teams"][number];

/** How long ago a member's position came, at `now`. */
export function ageText(seconds: number, { t }: Texts): string {
  if (seconds < 10) return t("map.now");
  if (seconds < 60) return t("map.seconds", { count: Math.floor(seconds) });
  return t("map.minutes", { count: Math.floor(seconds / 60) });
}

/** Every sharing member as a marker, aged by the time since the stream told. */
export function memberMarkers(state: TeamsState | null, now: number, texts: Texts) {
  const markers: MemberMarker[] = [];
  for (const team of state?.teams ?? []) {
    team.members.forEach((member, index) => {
      const age = ageText(member.age + Math.max(0, now - (state?.receivedAt ?? now)) / 1000, texts);
      markers.push({
        key: `${team.id}:${index}`,
        teamId: team.id,
        initial: [...team.name.trim()][0]?.toLocaleUpperCase() ?? "?",
        latitude: member.latitude,
        longitude: member.longitude,
        label: texts.t("map.member", { name: member.name, team: team.name, age }),
      });
    });
  }
  return markers;
}

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function TeamList({ teams, markers }: { teams: Team[]; markers: MemberMarker[] }) {
  const texts = useI18n();
  const { t, tn } = texts;
  return (
    <section className="panel stack" aria-labelledby="map-teams-heading">
      <h2 id="map-teams-heading">{t("map.teams")}</h2>
      {teams.length === 0 ? (
        <p className="muted">{t("map.none")}</p>
      ) : (
        <ul className="team-list">
          {teams.map((team) => (
            <li key={team.id}>
              <span className="team-list__team">
                <span className={`team-swatch team-swatch--c${team.id % 6}`} aria-hidden="true" />
                <strong>{team.name}</strong>
                <span className="muted">{tn("map.members", team.members.length)}</span>
              </span>
              <ul>
                {markers
                  .filter((marker) => marker.teamId === team.id)
                  .map((marker) => (
                    <li key={marker.key}>{marker.label}</li>
                  ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Where the teams that share their position are, live: the pack's map and a list. */
export function MapView() {
  const texts = useI18n();
  const { t } = texts;
  const [{ teams }] = useLiveState();
  const base = useCall("map", (signal) => getMap(signal));
  const now = useNow();
  const markers = memberMarkers(teams, now, texts);
  const loading = <p aria-busy="true">{t("map.loading")}</p>;
  let map = loading;
  if (base.error !== undefined) {
    map = (
      <p className="notice notice--error" role="alert">
        {t("map.failed", { reason: errorText(base.error, texts) })}
      </p>
    );
  } else if (base.data?.map === null) {
    map = <p className="muted">{t("map.noMap")}</p>;
  } else if (base.data) {
    map = (
      <Suspense fallback={loading}>
        <TeamMap
          base={base.data}
          members={markers}
          labels={{
            map: t("map.label"),
            station: (title) => t("map.station", { title }),
          }}
        />
      </Suspense>
    );
  }
  return (
    <div className="stack">
      <h1 tabIndex={-1}>{t("map.heading")}</h1>
      <p>{t("map.text")}</p>
      {map}
      <TeamList teams={teams?.teams ?? []} markers={markers} />
    </div>
  );
}
