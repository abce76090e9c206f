import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FakeEventSource } from "../test/fake-event-source";
import { playerStatus } from "../test/fixtures";
import { renderApp } from "../test/render-app";
import type { Call } from "../test/render-app";

afterEach(() => {
  setOnline(true);
  vi.unstubAllGlobals();
  vi.useRealTimers();
  FakeEventSource.instances = [];
});

const now = () => new Date().toISOString();
const stream = () => FakeEventSource.latest();
const running = () => playerStatus({ CurrentStation: 1, ActiveStations: [1] });
const answers = (calls: Call[]) => calls.filter((call) => call.url.endsWith("player/answer"));

/** What the browser says of the network (`navigator.onLine`). */
function setOnline(online: boolean) {
  Object.defineProperty(navigator, "onLine", { configurable: true, get: () => online });
}

/** A network that loses the answer calls: each is counted, none reaches the server. */
function lostAnswers() {
  const lost: Call[] = [];
  const respond = (call: Call) => {
    if (!call.url.endsWith("player/answer")) return undefined;
    lost.push(call);
    throw new TypeError("Failed to fetch");
  };
  return { lost, respond };
}

/** Station 1 runs and asks a question (event 3); the server's answers come from `respond`. */
async function atQuestion(respond?: (call: Call) => Response | undefined) {
  const app = renderApp("/station/1", { token: "abc", respond });
  act(() => {
    stream().send("playerstatus", running(), 1);
    stream().send(
      "webtext",
      { StationID: 1, Originator: "Lena", Text: "Welches Tier?", Timestamp: now() },
      2,
    );
    stream().send("answer-expected", { StationID: 1 }, 3);
  });
  const input = screen.getByLabelText<HTMLInputElement>("Deine Antwort");
  await waitFor(() => expect(input.readOnly).toBe(false));
  return { ...app, input };
}

function type(input: HTMLInputElement, text: string) {
  fireEvent.change(input, { target: { value: text } });
  fireEvent.click(screen.getByRole("button", { name: "Senden" }));
}

/** The stream broke and opened again: its opening status, then what came meanwhile. */
function reconnect(backlog: () => void = () => undefined) {
  act(() => stream().fail(false));
  act(() => {
    stream().onopen?.(new Event("open"));
    stream().send("playerstatus", { ...running(), BacklogUntil: 0 });
    backlog();
  });
}

describe("answers typed without a connection", () => {
  it("wait in the outbox, shown as such, and go once when the game is back", async () => {
    const network = lostAnswers();
    let networkDown = true;
    const { calls, input } = await atQuestion((call) =>
      networkDown ? network.respond(call) : undefined,
    );
    type(input, "Hahn");

    const queued = await screen.findByTestId("queued-input");
    expect(queued.textContent).toContain("Hahn");
    // The phone is online: the game's server did not answer.
    expect(within(queued).getByRole("status").textContent).toBe(
      "Wird gesendet, sobald die Verbindung steht",
    );
    expect(input.value).toBe("");
    expect(input.readOnly).toBe(true);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(network.lost).toHaveLength(1);

    networkDown = false;
    reconnect();
    await waitFor(() => expect(answers(calls)).toHaveLength(1));
    expect(answers(calls)[0]?.body).toEqual({ StationID: 1, Answer: "Hahn", Hash: "abc" });
    await waitFor(() => expect(screen.queryByTestId("queued-input")).toBeNull());
    act(() =>
      stream().send(
        "webtext",
        { StationID: 1, Originator: "user", Text: "Hahn", Timestamp: now() },
        4,
      ),
    );
    await screen.findByText("Hahn");
    expect(answers(calls)).toHaveLength(1);
    expect(network.lost).toHaveLength(1);
  });

  it("are not sent again when the server took them and only the reply was lost", async () => {
    const network = lostAnswers();
    const { calls, input } = await atQuestion(network.respond);
    type(input, "Hahn");
    await screen.findByTestId("queued-input");

    reconnect(() =>
      stream().send(
        "webtext",
        { StationID: 1, Originator: "user", Text: "Hahn", Timestamp: now() },
        4,
      ),
    );
    await waitFor(() => expect(screen.queryByTestId("queued-input")).toBeNull());
    expect(network.lost).toHaveLength(1);
    expect(answers(calls)).toHaveLength(0);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("go when the network returns, typed with the phone offline", async () => {
    setOnline(false);
    const { calls, input } = await atQuestion();
    type(input, "Hahn");
    const queued = await screen.findByTestId("queued-input");
    expect(within(queued).getByRole("status").textContent).toBe(
      "Wird gesendet, sobald du online bist",
    );
    expect(answers(calls)).toHaveLength(0);

    setOnline(true);
    act(() => {
      window.dispatchEvent(new Event("online"));
    });
    await waitFor(() => expect(answers(calls)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId("queued-input")).toBeNull());
  });

  it("that came too late are dropped with the reason, not sent", async () => {
    setOnline(false);
    const { calls, input } = await atQuestion();
    type(input, "Hahn");
    await screen.findByTestId("queued-input");

    setOnline(true);
    // Meanwhile a teammate answered: the question is used up.
    reconnect(() =>
      stream().send(
        "webtext",
        {
          StationID: 1,
          Originator: "user",
          Text: "Kuh",
          Member: "m-2",
          Name: "Ida",
          Timestamp: now(),
        },
        4,
      ),
    );
    await waitFor(() => expect(screen.queryByTestId("queued-input")).toBeNull());
    expect((await screen.findByRole("alert")).textContent).toContain(
      "Darauf wartet gerade niemand",
    );
    expect(answers(calls)).toHaveLength(0);
  });

  it("stay over a reload of the app and go from there", async () => {
    setOnline(false);
    const first = await atQuestion();
    type(first.input, "Hahn");
    await screen.findByTestId("queued-input");
    first.unmount();
    FakeEventSource.instances = [];

    setOnline(true);
    const { calls } = renderApp("/station/1", { token: "abc" });
    expect(screen.getByTestId("queued-input").textContent).toContain("Hahn");
    act(() => stream().send("playerstatus", { ...running(), BacklogUntil: 3 }));
    await waitFor(() => expect(answers(calls)).toHaveLength(1));
    expect(answers(calls)[0]?.body).toEqual({ StationID: 1, Answer: "Hahn", Hash: "abc" });
  });
});
