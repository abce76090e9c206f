import type {
  OpsInstance,
  OpsNews,
  OpsOverview,
  OpsPlayer,
  OpsStationStats,
} from "@wegmarke/protocol";

export function station(changes: Partial<OpsStationStats> = {}): OpsStationStats {
  return {
    id: 1,
    name: "1-marktplatz",
    title: "Der Marktplatz",
    activated: 0,
    running: 0,
    idle: 0,
    done: 0,
    cancelled: 0,
    averageSecondsToDone: null,
    wrongAnswers: 0,
    hintsUsed: 0,
    maxPoints: 3,
    ...changes,
  };
}

export function instance(changes: Partial<OpsInstance> = {}): OpsInstance {
  return {
    id: "5f0c9a4e-1d2b-4c3a-9e8f-7a6b5c4d3e2f",
    host: "web-1",
    startedAt: "2026-11-25T08:00:00.000Z",
    streams: 5,
    players: 3,
    version: "a1b2c3",
    reload: null,
    ...changes,
  };
}

export function overview(changes: Partial<OpsOverview> = {}): OpsOverview {
  return {
    at: "2026-11-25T10:00:00.000Z",
    players: { total: 12, registered: 4, online: 3 },
    teams: 1,
    streams: 5,
    stations: [
      station({ activated: 8, running: 2, done: 5, cancelled: 1, averageSecondsToDone: 312 }),
      station({ id: 2, name: "2-schloss", title: "Das Schloss", activated: 3, running: 3 }),
    ],
    stories: [{ id: 1, title: "Zwei Studenten", opened: 2 }],
    instances: [instance()],
    stuck: { afterMinutes: 20, afterWrongAnswers: 5, participants: [] },
    ...changes,
  };
}

export function player(changes: Partial<OpsPlayer> = {}): OpsPlayer {
  return {
    id: 4117,
    name: "Wanderer 4117",
    phone: null,
    team: null,
    currentStation: null,
    points: 0,
    stationsDone: 0,
    lastSeen: null,
    online: false,
    ...changes,
  };
}

export function news(changes: Partial<OpsNews> = {}): OpsNews {
  return {
    id: 1,
    at: "2026-11-25T10:00:00.000Z",
    text: { de: "Heute ist das Schloss zu.", en: "The castle is closed today." },
    stationId: null,
    operator: "anna",
    withdrawnAt: null,
    urgent: false,
    ...changes,
  };
}
