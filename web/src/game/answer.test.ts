import { describe, expect, it } from "vitest";
import { event, t0, text } from "../test/fixtures";
import { answerToSend, cleanAnswerInput } from "./answer";
import { gameReducer } from "./game-reducer";
import type { GameAction } from "./game-reducer";
import { initialPlayState, stationLocal } from "./play-state";

const timing = { timePerCharacterInMs: 15, unreadMessageDelayMs: 5000 };

/** The last answer of station 1 after `actions`. */
function lastAnswer(actions: GameAction[]): string | null {
  return stationLocal(actions.reduce(gameReducer, initialPlayState(timing)), 1).lastAnswer;
}

/** An answer-expected that asks a new question. */
const NEW = { NewQuestion: true } as const;

const received = (id: number, data: { NewQuestion?: true } = {}): GameAction => ({
  type: "server-event",
  event: event("answer-expected", { StationID: 1, ...data }, id),
  receivedAt: t0,
});
const echo = (id: number, answer: string): GameAction => ({
  type: "server-event",
  event: text(id, 1, answer, { Originator: "user" }),
  receivedAt: t0,
});
const sent = (answer: string, sentAfterEventId: number): GameAction => ({
  type: "answer-sent",
  stationId: 1,
  answer,
  sentAfterEventId,
});

describe("chat answers (spec 5)", () => {
  it("are trimmed, with white space collapsed and slashes removed", () => {
    expect(cleanAnswerInput("  Gockel \t  Hahn \n")).toBe("Gockel Hahn");
    expect(cleanAnswerInput("Hahn / Gockel")).toBe("Hahn Gockel");
    expect(cleanAnswerInput("a//b")).toBe("ab");
  });

  it("an empty answer is ignored", () => {
    expect(answerToSend("   ", null)).toBeNull();
    expect(answerToSend(" / ", null)).toBeNull();
  });

  it("an immediate duplicate of the last answer is ignored", () => {
    expect(answerToSend(" Katze ", "Katze")).toBeNull();
  });

  it("a different answer is sent normalised", () => {
    expect(answerToSend(" Hahn  ", "Katze")).toBe("Hahn");
    expect(answerToSend("Hahn", null)).toBe("Hahn");
  });
});

describe("the last answer, per question", () => {
  it("is forgotten when the station asks a new question, so the same answer goes again", () => {
    const last = lastAnswer([received(1), sent("ja", 1), echo(2, "ja"), received(3, NEW)]);
    expect(last).toBeNull();
    expect(answerToSend("ja", last)).toBe("ja");
  });

  it("is kept when the same question is asked again after a wrong answer", () => {
    const last = lastAnswer([received(1), sent("Katze", 1), echo(2, "Katze"), received(3)]);
    expect(last).toBe("Katze");
    expect(answerToSend(" Katze", last)).toBeNull();
  });

  it("stays forgotten when the new question came before the call's answer", () => {
    const last = lastAnswer([received(1), echo(2, "ja"), received(3, NEW), sent("ja", 1)]);
    expect(last).toBeNull();
  });

  it("is the answer sent to the new question, once one went", () => {
    const asked = [received(1), echo(2, "ja"), received(3, NEW), sent("ja", 1)];
    expect(lastAnswer([...asked, sent("nein", 3)])).toBe("nein");
    expect(lastAnswer([...asked, echo(4, "nein"), sent("nein", 3), received(5)])).toBe("nein");
  });
});
