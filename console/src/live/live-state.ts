import { opsLiveEvents } from "@wegmarke/protocol";
import type {
  OpsActivity,
  OpsInboxSummary,
  OpsLiveEventType,
  OpsNews,
  OpsOverview,
  OpsSubmissionsSummary,
  OpsTeamPositions,
} from "@wegmarke/protocol";

/** How the console's event stream stands: the header shows it. */
export type Connection = "connecting" | "live" | "reconnecting";

export type LiveState = {
  connection: Connection;
  /** The newest figures, from the stream or a call; null before the first. */
  overview: OpsOverview | null;
  /** What happened in the hour before the console opened and since, newest first. */
  activity: OpsActivity[];
  /** Every news item, newest first; null until the stream or a call told. */
  news: OpsNews[] | null;
  /** The teams whose members share their positions, as the stream told last; null before. */
  teams: TeamsState | null;
  /** The hosts' queue of missions' submissions; null before the stream told. */
  submissions: OpsSubmissionsSummary | null;
  /** Counts the queue's changes: the judging view reads the queue again on each. */
  submissionsChanged: number;
  /** The players' messages to the organisers in figures; null before the stream told. */
  inbox: OpsInboxSummary | null;
};

/** The shared positions and when they came (a member's `age` counts from then). */
export type TeamsState = { teams: OpsTeamPositions["teams"]; receivedAt: number };

export type LiveAction =
  | { type: "open" }
  | { type: "lost" }
  | { type: "overview"; overview: OpsOverview }
  | { type: "activity"; activity: OpsActivity }
  /** The last hour's activity, which the stream sends when it opens. */
  | { type: "recent"; activity: OpsActivity[] }
  | { type: "teams"; teams: OpsTeamPositions["teams"]; receivedAt: number }
  | { type: "news"; news: OpsNews[] }
  | { type: "submissions"; summary: OpsSubmissionsSummary }
  | { type: "inbox"; summary: OpsInboxSummary }
  /** One item sent or withdrawn by this console: it shows before the stream tells. */
  | { type: "newsItem"; item: OpsNews };

export const ACTIVITY_LIMIT = 100;

export const initialLive: LiveState = {
  connection: "connecting",
  overview: null,
  activity: [],
  news: null,
  teams: null,
  submissions: null,
  submissionsChanged: 0,
  inbox: null,
};

const time = (iso: string) => {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? 0 : ms;
};

const sameActivity = (a: OpsActivity, b: OpsActivity) =>
  a.at === b.at &&
  a.kind === b.kind &&
  a.who === b.who &&
  a.stationId === b.stationId &&
  a.title === b.title;

/** `activity` in its place by time (newest first), unless the list has it already. */
function addActivity(list: OpsActivity[], activity: OpsActivity): OpsActivity[] {
  if (list.some((known) => sameActivity(known, activity))) return list;
  const at = time(activity.at);
  const index = list.findIndex((known) => time(known.at) < at);
  const next = index < 0 ? [...list, activity] : list.toSpliced(index, 0, activity);
  return next.slice(0, ACTIVITY_LIMIT);
}

/** `item` in place of the one with its id, or first (the newest) when it is new. */
function upsertNews(list: OpsNews[] | null, item: OpsNews): OpsNews[] {
  const known = list ?? [];
  return known.some((news) => news.id === item.id)
    ? known.map((news) => (news.id === item.id ? item : news))
    : [item, ...known];
}

export function liveReducer(state: LiveState, action: LiveAction): LiveState {
  switch (action.type) {
    case "open":
      return { ...state, connection: "live" };
    case "lost":
      return { ...state, connection: "reconnecting" };
    case "overview":
      // A call's answer may arrive after a newer event of the stream: the newer figures stay.
      if (state.overview !== null && time(action.overview.at) < time(state.overview.at)) {
        return state;
      }
      return { ...state, overview: action.overview };
    case "activity": {
      const activity = addActivity(state.activity, action.activity);
      return activity === state.activity ? state : { ...state, activity };
    }
    case "recent": {
      // A reconnect sends the hour again: what the feed has already stays once.
      const activity = action.activity.reduce(addActivity, state.activity);
      return activity === state.activity ? state : { ...state, activity };
    }
    case "teams":
      return { ...state, teams: { teams: action.teams, receivedAt: action.receivedAt } };
    case "news":
      return { ...state, news: action.news };
    case "newsItem":
      return { ...state, news: upsertNews(state.news, action.item) };
    case "submissions":
      return {
        ...state,
        submissions: action.summary,
        submissionsChanged: state.submissionsChanged + 1,
      };
    case "inbox":
      return { ...state, inbox: action.summary };
  }
}

/**
 * The action for one event of the stream, checked against the protocol; null for data that
 * does not fit (logged: a server newer or older than the console).
 */
export function actionOfEvent(type: OpsLiveEventType, data: string): LiveAction | null {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    console.warn(`live: ${type} event is no JSON`);
    return null;
  }
  switch (type) {
    case "overview": {
      const parsed = opsLiveEvents.overview.safeParse(json);
      if (parsed.success) return { type, overview: parsed.data };
      break;
    }
    case "activity": {
      const parsed = opsLiveEvents.activity.safeParse(json);
      if (parsed.success) return { type, activity: parsed.data };
      break;
    }
    case "news": {
      const parsed = opsLiveEvents.news.safeParse(json);
      if (parsed.success) return { type, news: parsed.data.news };
      break;
    }
    case "recent": {
      const parsed = opsLiveEvents.recent.safeParse(json);
      if (parsed.success) return { type, activity: parsed.data.activity };
      break;
    }
    case "submissions": {
      const parsed = opsLiveEvents.submissions.safeParse(json);
      if (parsed.success) return { type, summary: parsed.data };
      break;
    }
    case "inbox": {
      const parsed = opsLiveEvents.inbox.safeParse(json);
      if (parsed.success) return { type, summary: parsed.data };
      break;
    }
    case "teams": {
      const parsed = opsLiveEvents.teams.safeParse(json);
      if (parsed.success) return { type, teams: parsed.data.teams, receivedAt: Date.now() };
      break;
    }
  }
  console.warn(`live: ${type} event does not fit the protocol`);
  return null;
}
