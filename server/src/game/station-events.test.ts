import { serverEventSchemas } from "@wegmarke/protocol";
import { describe, expect, it } from "vitest";
import type { StepResult } from "../engine/types";
import { stepEvents } from "./station-events";

const AT = "2026-05-01T10:00:00.000Z";

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

describe("stepEvents", () => {
  it("puts the echo first, then the messages, then the answer expectation", () => {
    const events = stepEvents(
      1,
      result({
        echo: "Katze",
        messages: [
          { kind: "text", from: "Lena", text: "Nein." },
          { kind: "content", from: "Max", contentRef: "stations/1/a.mp3", seenRatio: 0.8 },
          { kind: "content", from: "Lena", contentRef: "stations/1/b.jpg" },
        ],
        awaiting: { answer: true, buttons: [] },
      }),
      AT,
    );
    expect(events).toEqual([
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
    for (const event of events) serverEventSchemas[event.type].parse(event.data);
  });

  it("frames buttons with buttongroup-start and buttoninput-expected", () => {
    const events = stepEvents(
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
    expect(events).toEqual([
      { type: "buttongroup-start", data: { StationID: 2 } },
      { type: "webbutton", data: { StationID: 2, Target: "0.0", Text: "Links" } },
      { type: "webbutton", data: { StationID: 2, Target: "0.1", Text: "Rechts" } },
      { type: "buttoninput-expected", data: { StationID: 2 } },
    ]);
  });

  it("expects nothing once the script has ended", () => {
    const events = stepEvents(
      3,
      result({ done: true, messages: [{ kind: "text", from: "L", text: "Tschüss" }] }),
      AT,
    );
    expect(events.map((e) => e.type)).toEqual(["webtext"]);
  });
});
