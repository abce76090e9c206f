import { afterEach, describe, expect, it, vi } from "vitest";
import {
  changePassword,
  loginWithPhone,
  optinAnonymous,
  registerBySms,
  requestPasswordReset,
  verifySmsCode,
} from "./account-api";
import { pressButton, sendAnswer } from "./answer-api";
import { toApiError } from "./api-error";
import { reportMediumProgress } from "./progress-api";
import { joinTeam } from "./team-api";

const accountBase = "/api/account/";
const gameBase = "/api/game/";
const fetchSpy = vi.fn(async () => Response.json({ value: "ok" }));

afterEach(() => {
  vi.unstubAllGlobals();
  fetchSpy.mockClear();
});

/** The error codes of the calls, which must all reject before anything is sent. */
async function codes(calls: (() => Promise<unknown>)[]): Promise<string[]> {
  vi.stubGlobal("fetch", fetchSpy);
  const results = await Promise.all(
    calls.map((call) =>
      call().then(
        () => "sent",
        (error: unknown) => toApiError(error).code,
      ),
    ),
  );
  expect(fetchSpy).not.toHaveBeenCalled();
  return results;
}

const registration = {
  accountBase,
  storyId: "marburg",
  language: "de",
  firstName: "Ida",
  phone: "0171 1234567",
} as const;

describe("calls reject locally with code 000 if inputs are missing (spec 5)", () => {
  it("phone registration needs phone, first name and configured story id", async () => {
    expect(
      await codes([
        () => registerBySms({ ...registration, phone: "" }),
        () => registerBySms({ ...registration, phone: "keine Nummer" }),
        () => registerBySms({ ...registration, firstName: " " }),
        () => registerBySms({ ...registration, storyId: "" }),
      ]),
    ).toEqual(["000", "000", "000", "000"]);
  });

  it("anonymous registration needs story id", async () => {
    expect(
      await codes([
        () => optinAnonymous({ accountBase, apiVersion: 1, storyId: "", language: "de" }),
      ]),
    ).toEqual(["000"]);
  });

  it("verification needs phone and SMS code", async () => {
    expect(
      await codes([
        () => verifySmsCode({ accountBase, phone: "", code: "123456" }),
        () => verifySmsCode({ accountBase, phone: "0171 1234567", code: " " }),
      ]),
    ).toEqual(["000", "000"]);
  });

  it("authentication needs phone and password", async () => {
    expect(
      await codes([
        () => loginWithPhone({ accountBase, phone: "", password: "geheim" }),
        () => loginWithPhone({ accountBase, phone: "0171 1234567", password: "" }),
      ]),
    ).toEqual(["000", "000"]);
  });

  it("password change needs password and token", async () => {
    expect(
      await codes([
        () => changePassword({ accountBase, password: "", token: "reset-1" }),
        () => changePassword({ accountBase, password: "geheim1", token: "" }),
      ]),
    ).toEqual(["000", "000"]);
  });

  it("password reset needs a phone or stored token", async () => {
    expect(
      await codes([
        () => requestPasswordReset({ accountBase, phone: " " }),
        () => requestPasswordReset({ accountBase, token: "" }),
      ]),
    ).toEqual(["000", "000"]);
  });

  it("text and button answers need station id, answer or action, and token", async () => {
    const call = { gameBase, stationId: 1, token: "abc" };
    expect(
      await codes([
        () => sendAnswer({ ...call, stationId: 0, answer: "Hahn" }),
        () => sendAnswer({ ...call, answer: "" }),
        () => sendAnswer({ ...call, token: "", answer: "Hahn" }),
        () => pressButton({ ...call, stationId: 0, target: "t-1" }),
        () => pressButton({ ...call, target: "" }),
        () => pressButton({ ...call, token: "", target: "t-1" }),
      ]),
    ).toEqual(["000", "000", "000", "000", "000", "000"]);
  });

  it("medium progress needs station id, content reference, numeric ratio and token", async () => {
    const call = { gameBase, stationId: 3, token: "abc", contentRef: "a.mp3", ratio: 0.5 };
    expect(
      await codes([
        () => reportMediumProgress({ ...call, stationId: 0 }),
        () => reportMediumProgress({ ...call, contentRef: "" }),
        () => reportMediumProgress({ ...call, ratio: Number.NaN }),
        () => reportMediumProgress({ ...call, token: "" }),
      ]),
    ).toEqual(["000", "000", "000", "000"]);
  });

  it("team join needs an invite and a token", async () => {
    expect(
      await codes([
        () => joinTeam({ gameBase, token: "abc", code: " " }),
        () => joinTeam({ gameBase, token: "", code: "ABCD2345" }),
      ]),
    ).toEqual(["000", "000"]);
  });
});
