import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { useEffect } from "react";
import type { Dispatch } from "react";
import type { QueuedSubmission } from "@wegmarke/protocol";
import { describe, expect, it } from "vitest";
import { useLiveState } from "../../live/live-context";
import type { LiveAction } from "../../live/live-state";
import { fakeServer, json, text } from "../../test/fake-server";
import { renderView } from "../../test/render";
import { JudgingView } from "./judging";

const submission = (id: number, changes: Partial<QueuedSubmission> = {}): QueuedSubmission => ({
  ID: id,
  StationID: 11,
  Kind: "photo",
  State: "waiting",
  Timestamp: new Date(Date.now() - 4 * 60_000).toISOString(),
  Url: `/api/submissions/${id}/file?expires=1&signature=${"s".repeat(43)}`,
  ThumbUrl: `/api/submissions/${id}/thumb?expires=1&signature=${"s".repeat(43)}`,
  Participant: "Lena & Team",
  Name: "Ben",
  Station: "Der Marktbrunnen",
  Task: "Der Drache am Marktbrunnen",
  MissionPoints: 3,
  ...changes,
});

/** Hands out the live state's dispatch, as the console's stream uses it. */
const live: { dispatch?: Dispatch<LiveAction> } = {};
function LiveHandle() {
  const [, dispatch] = useLiveState();
  useEffect(() => {
    live.dispatch = dispatch;
  }, [dispatch]);
  return null;
}

describe("judging", () => {
  it("shows the oldest submission large, and approves it with A, other points and a line", async () => {
    let queue = [submission(7), submission(8, { Participant: "Wanderer 4117", Name: undefined })];
    const server = fakeServer({
      "GET /api/ops/submissions": () => json({ value: { Waiting: queue, Count: queue.length } }),
      "POST /api/ops/submissions/7/verdict": () => {
        queue = queue.slice(1);
        return json({ value: "ok" });
      },
    });
    renderView(
      <>
        <LiveHandle />
        <JudgingView />
      </>,
    );
    const photo = await screen.findByRole("img", { name: "Photo from Lena & Team" });
    expect(photo.getAttribute("src")).toBe(submission(7).Url);
    expect(screen.getByRole("heading", { name: "Der Drache am Marktbrunnen" })).toBeTruthy();
    expect(screen.getByText("Der Marktbrunnen")).toBeTruthy();
    expect(screen.getByText("Lena & Team (Ben)")).toBeTruthy();
    expect(screen.getByText(/waiting 4 min/)).toBeTruthy();
    expect(screen.getByText("2 submissions wait")).toBeTruthy();
    expect(screen.getByText("1 more waits after this one.")).toBeTruthy();
    expect(
      screen.getByRole("link", { name: "All submissions as a zip" }).getAttribute("href"),
    ).toMatch(/^\/api\/ops\/submissions\/export\.zip\?separator=comma&timeZone=/);

    fireEvent.change(screen.getByLabelText("Points on approval"), { target: { value: "5" } });
    const line = screen.getByLabelText("The character says (optional)");
    // Typing a line types its letters: an "a" in it judges nothing.
    fireEvent.change(line, { target: { value: "Wunderbar, genau der Drache!" } });
    fireEvent.keyDown(line, { key: "a" });
    expect(server.requests.filter((r) => r.method === "POST")).toEqual([]);
    fireEvent.keyDown(window, { key: "a" });

    await screen.findByText("Approved: Lena & Team at Der Marktbrunnen.");
    expect(server.requests.find((r) => r.method === "POST")?.body).toEqual({
      Approved: true,
      Points: 5,
      Line: "Wunderbar, genau der Drache!",
    });
    // The next one comes at once, with the mission's own points again.
    expect(await screen.findByRole("img", { name: "Photo from Wanderer 4117" })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>("Points on approval").value).toBe("3");
    expect(screen.getByText("1 submission waits")).toBeTruthy();
    // The stream's news of the verdict: the queue read again counts the same.
    act(() => {
      live.dispatch?.({ type: "submissions", summary: { waiting: 1, oldestAt: null } });
    });
    await waitFor(() => {
      expect(server.requests.filter((r) => r.path === "/api/ops/submissions")).toHaveLength(2);
    });
    expect(await screen.findByText("1 submission waits")).toBeTruthy();
  });

  it("rejects with R, and moves on when another host was first", async () => {
    const server = fakeServer({
      "GET /api/ops/submissions": () =>
        json({
          value: {
            Waiting: [submission(7), submission(8, { Kind: "voice", Participant: "Anna" })],
            Count: 2,
          },
        }),
      "POST /api/ops/submissions/7/verdict": () => text("submission judged", 409),
      "POST /api/ops/submissions/8/verdict": () => json({ value: "ok" }),
    });
    renderView(<JudgingView />);
    await screen.findByRole("img", { name: "Photo from Lena & Team" });
    fireEvent.keyDown(window, { key: "r" });
    await screen.findByText("Another host judged Lena & Team at Der Marktbrunnen first.");
    // A recording plays in the page.
    expect(await screen.findByLabelText("Voice recording from Anna")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: /Reject/ }));
    await screen.findByText("Rejected: Anna at Der Marktbrunnen.");
    expect(server.requests.filter((r) => r.method === "POST").map((r) => r.body)).toEqual([
      { Approved: false },
      { Approved: false },
    ]);
    expect(screen.getByText(/Nothing waits/)).toBeTruthy();
  });

  it("offers the points the player gets, and says so when the host gives more than the station", async () => {
    // The server's queue: the mission's #points: 2 at a station worth 1.
    const capped = submission(7, { MissionPoints: 1, StationPoints: 1 });
    fakeServer({
      "GET /api/ops/submissions": () => json({ value: { Waiting: [capped], Count: 1 } }),
    });
    renderView(<JudgingView />);
    const points = await screen.findByLabelText<HTMLInputElement>("Points on approval");
    expect(points.value).toBe("1");
    expect(screen.queryByText(/The station gives at most/)).toBeNull();
    fireEvent.change(points, { target: { value: "2" } });
    const hint = screen.getByText("The station gives at most 1 point: the player gets 1.");
    expect(points.getAttribute("aria-describedby")).toBe(hint.id);
    fireEvent.change(points, { target: { value: "0" } });
    expect(screen.queryByText(/The station gives at most/)).toBeNull();
  });

  it("puts a submission at a withdrawn station last, named by its number, and says why it waits", async () => {
    const gone = submission(5, { Station: "", StationGone: true, StationID: 18 });
    const server = fakeServer({
      "GET /api/ops/submissions": () =>
        json({ value: { Waiting: [gone, submission(6)], Count: 2 } }),
      "POST /api/ops/submissions/6/verdict": () => text("no mission expected", 409),
    });
    renderView(<JudgingView />);
    // The judgeable one first; its refusal is said in words.
    await screen.findByText("Der Marktbrunnen");
    fireEvent.click(screen.getByRole("button", { name: /Approve/ }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "The station no longer waits for this submission: the player cancelled or finished it, or the station started again under a changed dialogue.",
    );
    expect(server.requests.filter((request) => request.method === "POST")).toHaveLength(1);
  });

  it("shows a submission at a withdrawn station without a verdict to give", async () => {
    const gone = submission(5, { Station: "", StationGone: true, StationID: 18 });
    const server = fakeServer({
      "GET /api/ops/submissions": () => json({ value: { Waiting: [gone], Count: 1 } }),
    });
    renderView(<JudgingView />);
    await screen.findByText("Station 18 (not in the live version)");
    expect(screen.getByText(/no longer has this station/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Approve/ })).toBeNull();
    fireEvent.keyDown(window, { key: "a" });
    expect(server.requests.filter((request) => request.method === "POST")).toHaveLength(0);
  });

  it("reads the queue again when the live stream says it changed, and no sooner", async () => {
    let queue: QueuedSubmission[] = [];
    const server = fakeServer({
      "GET /api/ops/submissions": () => json({ value: { Waiting: queue, Count: queue.length } }),
    });
    renderView(
      <>
        <LiveHandle />
        <JudgingView />
      </>,
    );
    await screen.findByText(/Nothing waits/);
    queue = [submission(9, { Kind: "video", Participant: "Carla" })];
    act(() => {
      live.dispatch?.({
        type: "submissions",
        summary: { waiting: 1, oldestAt: queue[0]?.Timestamp ?? null },
      });
    });
    expect(await screen.findByLabelText("Video from Carla")).toBeTruthy();
    expect(server.requests.filter((r) => r.path === "/api/ops/submissions")).toHaveLength(2);
  });
});
