import { serverEventSchemas } from "@wegmarke/protocol";
import { describe, expect, it } from "vitest";
import type { StepResult } from "../../engine/types";
import type { EventDraft } from "../../events/event-log";
import { parseLaterGroup } from "../agenda/agenda";
import { laterEvents, planStep } from "./station-events";

const AT = "2026-05-01T10:00:00.000Z";
const QUESTION = { answer: true, buttons: [] };

function result(changes: Partial<StepResult>): StepResult {
  return {
    state: "{}",
    messages: [],
    awaiting: { answer: false, buttons: [] },
    done: false,
    points: 0,
    accepted: true,
    ...changes,
  };
}

function checked(events: EventDraft[]): EventDraft[] {
  for (const event of events) serverEventSchemas[event.type].parse(event.data);
  return events;
}

describe("planStep without delays", () => {
  it("names the member who answered in the echo, in a team", () => {
    const plan = planStep(1, result({ echo: "Katze", awaiting: QUESTION }), AT, {
      member: "k3y",
      name: "Ben",
    });
    expect(checked(plan.now)[0]).toEqual({
      type: "webtext",
      data: {
        StationID: 1,
        Originator: "user",
        Text: "Katze",
        Timestamp: AT,
        Member: "k3y",
        Name: "Ben",
      },
    });
  });

  it("puts the echo first, then the messages, then the answer expectation", () => {
    const plan = planStep(
      1,
      result({
        echo: "Katze",
        messages: [
          { kind: "text", from: "Lena", text: "Nein." },
          { kind: "content", from: "Max", contentRef: "stations/1/a.mp3", seenRatio: 0.8 },
          { kind: "content", from: "Lena", contentRef: "stations/1/b.jpg" },
        ],
        awaiting: QUESTION,
      }),
      AT,
    );
    expect(checked(plan.now)).toEqual([
      { type: "webtext", data: { StationID: 1, Originator: "user", Text: "Katze", Timestamp: AT } },
      { type: "webtext", data: { StationID: 1, Originator: "Lena", Text: "Nein.", Timestamp: AT } },
      {
        type: "webcontent",
        data: {
          StationID: 1,
          Originator: "Max",
          ContentRef: "stations/1/a.mp3",
          SeenRatio: 0.8,
          Timestamp: AT,
        },
      },
      {
        type: "webcontent",
        data: { StationID: 1, Originator: "Lena", ContentRef: "stations/1/b.jpg", Timestamp: AT },
      },
      { type: "answer-expected", data: { StationID: 1 } },
    ]);
    expect(plan.later).toEqual([]);
    expect(plan.awaitingNow).toEqual(QUESTION);
  });

  it("says a mission waits after the question, and whether a host judges it", () => {
    const mission = {
      kind: "video",
      maxSeconds: 20,
      points: 3,
      auto: false,
      task: "Der Tanz",
    } as const;
    const plan = planStep(
      4,
      result({
        messages: [{ kind: "text", from: "Lena", text: "Tanz für mich!" }],
        awaiting: { answer: false, buttons: [], mission },
      }),
      AT,
    );
    expect(checked(plan.now).map((e) => [e.type, e.data])).toEqual([
      ["webtext", { StationID: 4, Originator: "Lena", Text: "Tanz für mich!", Timestamp: AT }],
      ["mission-expected", { StationID: 4, Kind: "video", MaxSeconds: 20, Judged: true }],
    ]);
    // After a delayed question, it is sent with it.
    const later = planStep(
      4,
      result({
        messages: [{ kind: "text", from: "Lena", text: "Und ein Foto!", delayMs: 5000 }],
        awaiting: {
          answer: false,
          buttons: [],
          mission: { ...mission, kind: "photo", auto: true },
        },
      }),
      AT,
    );
    expect(later.awaitingNow).toEqual({ answer: false, buttons: [] });
    const [group] = later.later;
    expect(group && checked(laterEvents(4, group, AT)).at(-1)).toEqual({
      type: "mission-expected",
      data: { StationID: 4, Kind: "photo", MaxSeconds: 20, Judged: false },
    });
  });

  it("frames buttons with buttongroup-start and buttoninput-expected", () => {
    const plan = planStep(
      2,
      result({
        awaiting: {
          answer: false,
          buttons: [
            { target: "0.0", text: "Links" },
            { target: "0.1", text: "Rechts" },
          ],
        },
      }),
      AT,
    );
    expect(plan.now).toEqual([
      { type: "buttongroup-start", data: { StationID: 2 } },
      { type: "webbutton", data: { StationID: 2, Target: "0.0", Text: "Links" } },
      { type: "webbutton", data: { StationID: 2, Target: "0.1", Text: "Rechts" } },
      { type: "buttoninput-expected", data: { StationID: 2 } },
    ]);
  });

  it("expects nothing once the script has ended", () => {
    const plan = planStep(
      3,
      result({ done: true, messages: [{ kind: "text", from: "L", text: "Tschüss" }] }),
      AT,
    );
    expect(plan.now.map((e) => e.type)).toEqual(["webtext"]);
  });

  it("sends recommendations as their own types, with the id qualified by the station", () => {
    const plan = planStep(
      6,
      result({
        messages: [
          { kind: "text", from: "Lena", text: "Geh zur Kapelle!", recommendation: "kilian" },
          { kind: "content", from: "Lena", contentRef: "stations/6/a.jpg", recommendation: "bild" },
        ],
      }),
      AT,
    );
    expect(checked(plan.now)).toEqual([
      {
        type: "webtext-recommendation",
        data: {
          StationID: 6,
          Originator: "Lena",
          Text: "Geh zur Kapelle!",
          Timestamp: AT,
          RecommendationID: "6:kilian",
        },
      },
      {
        type: "webcontent-recommendation",
        data: {
          StationID: 6,
          Originator: "Lena",
          ContentRef: "stations/6/a.jpg",
          Timestamp: AT,
          RecommendationID: "6:bild",
        },
      },
    ]);
  });
});

describe("planStep with delays", () => {
  const delayed = result({
    echo: "ja",
    messages: [
      { kind: "text", from: "Lena", text: "Moment." },
      { kind: "text", from: "Lena", text: "Gefunden!", delayMs: 30_000 },
      { kind: "text", from: "Lena", text: "Hier ist es." },
      { kind: "text", from: "Lena", text: "Und nun?", delayMs: 10_000 },
    ],
    awaiting: QUESTION,
  });

  it("sends what is due now, groups the rest by due time, delays adding up", () => {
    const plan = planStep(1, delayed, AT);
    expect(plan.now.map((e) => e.type)).toEqual(["webtext", "webtext", "messages-pending"]);
    expect(plan.later).toEqual([
      {
        dueInMs: 30_000,
        messages: [
          { kind: "text", from: "Lena", text: "Gefunden!", delayMs: 30_000 },
          { kind: "text", from: "Lena", text: "Hier ist es." },
        ],
        next: "Lena",
      },
      {
        dueInMs: 40_000,
        messages: [{ kind: "text", from: "Lena", text: "Und nun?", delayMs: 10_000 }],
        awaiting: QUESTION,
      },
    ]);
  });

  it("accepts nothing until the question is out, then sends the wait after the last message", () => {
    const plan = planStep(1, delayed, AT);
    expect(plan.awaitingNow).toEqual({ answer: false, buttons: [] });
    const last = plan.later.at(-1);
    if (!last) throw new Error("no later group");
    expect(laterEvents(1, last, "2026-05-01T10:00:40.000Z").map((e) => e.type)).toEqual([
      "webtext",
      "answer-expected",
    ]);
  });

  it("delays even the first message of a step", () => {
    const plan = planStep(
      1,
      result({ done: true, messages: [{ kind: "text", from: "L", text: "P.S.", delayMs: 5000 }] }),
      AT,
    );
    expect(plan.now).toEqual([
      { type: "messages-pending", data: { StationID: 1, Originator: "L" } },
    ]);
    expect(plan.later).toEqual([
      { dueInMs: 5000, messages: [{ kind: "text", from: "L", text: "P.S.", delayMs: 5000 }] },
    ]);
  });

  it("says that more is to come, and who writes it: after the step and each group but the last", () => {
    const plan = planStep(
      3,
      result({
        done: true,
        messages: [
          { kind: "text", from: "Wilhelm", text: "Warte …" },
          { kind: "text", from: "Wilhelm", text: "Gefunden!", delayMs: 30_000 },
          { kind: "text", from: "Jacob", text: "P.S.", delayMs: 60_000 },
        ],
      }),
      AT,
    );
    expect(checked(plan.now).map((e) => [e.type, e.data])).toEqual([
      ["webtext", { StationID: 3, Originator: "Wilhelm", Text: "Warte …", Timestamp: AT }],
      ["messages-pending", { StationID: 3, Originator: "Wilhelm" }],
    ]);
    const [found, postscript] = plan.later;
    if (!found || !postscript) throw new Error("two later groups expected");
    expect(checked(laterEvents(3, found, AT)).map((e) => [e.type, e.data])).toEqual([
      ["webtext", { StationID: 3, Originator: "Wilhelm", Text: "Gefunden!", Timestamp: AT }],
      ["messages-pending", { StationID: 3, Originator: "Jacob" }],
    ]);
    expect(checked(laterEvents(3, postscript, AT)).map((e) => e.type)).toEqual(["webtext"]);
  });
});

describe("a new question", () => {
  it("marks its answer-expected, sent now or after the step's stored delayed messages", () => {
    const asked = result({ echo: "ja", awaiting: QUESTION, newQuestion: true });
    expect(checked(planStep(1, asked, AT).now).at(-1)).toEqual({
      type: "answer-expected",
      data: { StationID: 1, NewQuestion: true },
    });
    const messages = [{ kind: "text" as const, from: "Lena", text: "Und nun?", delayMs: 5000 }];
    const last = planStep(1, { ...asked, messages }, AT).later.at(-1);
    // The agenda stores the group until it is due.
    const later = parseLaterGroup(JSON.stringify(last));
    expect(checked(laterEvents(1, later, AT)).at(-1)).toEqual({
      type: "answer-expected",
      data: { StationID: 1, NewQuestion: true },
    });
  });

  it("leaves the answer-expected of the same question asked again unmarked", () => {
    const again = result({ echo: "nein", awaiting: QUESTION, wrong: true });
    expect(planStep(1, again, AT).now.at(-1)).toEqual({
      type: "answer-expected",
      data: { StationID: 1 },
    });
  });
});
