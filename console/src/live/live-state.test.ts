import type { OpsActivity } from "@wegmarke/protocol";
import { describe, expect, it, vi } from "vitest";
import { news, overview } from "../test/fixtures";
import { ACTIVITY_LIMIT, actionOfEvent, initialLive, liveReducer } from "./live-state";
import type { LiveAction, LiveState } from "./live-state";

const run = (actions: LiveAction[], state: LiveState = initialLive) =>
  actions.reduce(liveReducer, state);

const activity = (at: string, changes: Partial<OpsActivity> = {}): OpsActivity => ({
  at,
  kind: "activated",
  who: "Wanderer 4117",
  stationId: 1,
  title: "Der Marktplatz",
  ...changes,
});

describe("the connection", () => {
  it("is live once open, reconnecting when lost, live again after", () => {
    expect(run([{ type: "open" }]).connection).toBe("live");
    expect(run([{ type: "open" }, { type: "lost" }]).connection).toBe("reconnecting");
    expect(run([{ type: "open" }, { type: "lost" }, { type: "open" }]).connection).toBe("live");
  });

  it("keeps the figures and the feed while it reconnects", () => {
    const state = run([
      { type: "overview", overview: overview() },
      { type: "activity", activity: activity("2026-11-25T10:00:01Z") },
      { type: "lost" },
    ]);
    expect(state.overview).not.toBeNull();
    expect(state.activity).toHaveLength(1);
  });
});

describe("the overview", () => {
  it("keeps newer figures when older ones arrive late (a call's answer after the stream's)", () => {
    const newer = overview({ at: "2026-11-25T10:00:05Z", streams: 9 });
    const older = overview({ at: "2026-11-25T10:00:01Z", streams: 2 });
    expect(
      run([
        { type: "overview", overview: newer },
        { type: "overview", overview: older },
      ]).overview,
    ).toBe(newer);
    expect(
      run([
        { type: "overview", overview: older },
        { type: "overview", overview: newer },
      ]).overview,
    ).toBe(newer);
  });
});

describe("the activity feed", () => {
  it("is newest first, whatever order the events come in", () => {
    const state = run([
      { type: "activity", activity: activity("2026-11-25T10:00:02Z", { who: "B" }) },
      { type: "activity", activity: activity("2026-11-25T10:00:01Z", { who: "A" }) },
      { type: "activity", activity: activity("2026-11-25T10:00:03Z", { who: "C" }) },
    ]);
    expect(state.activity.map((item) => item.who)).toEqual(["C", "B", "A"]);
  });

  it("shows an event the stream sends again (after a reconnect) once", () => {
    const done = activity("2026-11-25T10:00:02Z", { kind: "done", points: 3, maxPoints: 3 });
    const state = run([
      { type: "activity", activity: done },
      { type: "activity", activity: { ...done } },
    ]);
    expect(state.activity).toHaveLength(1);
  });

  it("opens with the last hour, merged with what came live, and takes it again once", () => {
    const live = activity("2026-11-25T10:00:05Z", { who: "Live" });
    const hour = [
      activity("2026-11-25T10:00:03Z", { who: "B" }),
      activity("2026-11-25T09:30:00Z", { who: "A" }),
    ];
    const state = run([
      { type: "activity", activity: live },
      { type: "recent", activity: hour },
      // A reconnect sends the hour again.
      { type: "recent", activity: [live, ...hour] },
    ]);
    expect(state.activity.map((item) => item.who)).toEqual(["Live", "B", "A"]);
  });

  it("keeps the newest ACTIVITY_LIMIT events", () => {
    const actions: LiveAction[] = Array.from({ length: ACTIVITY_LIMIT + 5 }, (_, index) => ({
      type: "activity",
      activity: activity(new Date(Date.UTC(2026, 10, 25, 10, 0, index)).toISOString()),
    }));
    const state = run(actions);
    expect(state.activity).toHaveLength(ACTIVITY_LIMIT);
    expect(state.activity[0]?.at).toBe("2026-11-25T10:01:44.000Z");
  });
});

describe("the news", () => {
  it("takes the stream's list as it is, and puts an item sent here first or in its place", () => {
    const first = news({ id: 1 });
    let state = run([{ type: "news", news: [first] }]);
    const sent = news({ id: 2, text: { de: "Neu", en: "New" } });
    state = liveReducer(state, { type: "newsItem", item: sent });
    expect(state.news?.map((item) => item.id)).toEqual([2, 1]);
    const withdrawn = { ...first, withdrawnAt: "2026-11-25T11:00:00Z" };
    state = liveReducer(state, { type: "newsItem", item: withdrawn });
    expect(state.news).toEqual([sent, withdrawn]);
  });

  it("starts a list from an item sent before the list arrived", () => {
    expect(run([{ type: "newsItem", item: news() }]).news).toEqual([news()]);
  });
});

describe("the stream's events", () => {
  it("become actions when they fit the protocol", () => {
    expect(actionOfEvent("overview", JSON.stringify(overview()))).toEqual({
      type: "overview",
      overview: overview(),
    });
    expect(actionOfEvent("news", JSON.stringify({ news: [news()] }))).toEqual({
      type: "news",
      news: [news()],
    });
    const done = activity("2026-11-25T10:00:00Z", { kind: "done", points: 3, maxPoints: 3 });
    expect(actionOfEvent("activity", JSON.stringify(done))).toEqual({
      type: "activity",
      activity: done,
    });
  });

  it("take the last hour and the teams' positions, the latter with the time they came", () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 25, 10) });
    const recent = [activity("2026-11-25T09:59:00Z")];
    expect(actionOfEvent("recent", JSON.stringify({ activity: recent }))).toEqual({
      type: "recent",
      activity: recent,
    });
    const teams = [{ id: 3, name: "Die Eulen", members: [] }];
    const action = actionOfEvent("teams", JSON.stringify({ teams }));
    expect(action).toEqual({ type: "teams", teams, receivedAt: Date.UTC(2026, 10, 25, 10) });
    expect(action && run([action]).teams).toEqual({
      teams,
      receivedAt: Date.UTC(2026, 10, 25, 10),
    });
    vi.useRealTimers();
  });

  it("are dropped, with a warning, when they are no JSON or do not fit", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(actionOfEvent("overview", "{")).toBeNull();
    expect(actionOfEvent("activity", JSON.stringify({ kind: "flew" }))).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
  });
});

describe("the hosts' queue", () => {
  it("takes the stream's figures and counts each change, so the judging view reads it again", () => {
    const summary = { waiting: 2, oldestAt: "2026-11-25T09:00:00.000Z" };
    const action = actionOfEvent("submissions", JSON.stringify(summary));
    expect(action).toEqual({ type: "submissions", summary });
    const once = liveReducer(initialLive, action as LiveAction);
    const twice = liveReducer(once, {
      type: "submissions",
      summary: { waiting: 1, oldestAt: null },
    });
    expect([once.submissions, once.submissionsChanged]).toEqual([summary, 1]);
    expect([twice.submissions, twice.submissionsChanged]).toEqual([
      { waiting: 1, oldestAt: null },
      2,
    ]);
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(actionOfEvent("submissions", JSON.stringify({ waiting: -1 }))).toBeNull();
  });
});

describe("the inbox", () => {
  it("takes the stream's figures as they are, and drops what does not fit", () => {
    expect(initialLive.inbox).toBeNull();
    const summary = { unread: 3, open: 2, newest: 41 };
    const action = actionOfEvent("inbox", JSON.stringify(summary));
    expect(action).toEqual({ type: "inbox", summary });
    const state = run([action as LiveAction]);
    expect(state.inbox).toEqual(summary);
    const read = { unread: 0, open: 2, newest: 41 };
    expect(liveReducer(state, { type: "inbox", summary: read }).inbox).toEqual(read);
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(actionOfEvent("inbox", JSON.stringify({ unread: "3" }))).toBeNull();
  });
});
