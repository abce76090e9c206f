import { describe, expect, it } from "vitest";
import { mediumProgressRequest, outroRequest, stationRequest } from "./game";

const Hash = "token";

/** The issue messages of a failed parse, or "ok". */
function issues(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? "ok" : (result.error?.issues.map((i) => i.message) ?? []);
}

describe("StationID", () => {
  it("takes a positive whole number, also as text from a form-encoded body", () => {
    expect(stationRequest.parse({ StationID: 5, Hash })).toEqual({ StationID: 5, Hash });
    expect(stationRequest.parse({ StationID: "5", Hash })).toEqual({ StationID: 5, Hash });
    expect(stationRequest.parse({ StationID: " 12 ", Hash })).toEqual({ StationID: 12, Hash });
  });

  it("refuses booleans, arrays, null, empty and non-numeric text with the type received", () => {
    const received = (StationID: unknown) => issues(stationRequest.safeParse({ StationID, Hash }));
    expect(received(true)).toEqual(["Invalid input: expected number, received boolean"]);
    expect(received([5])).toEqual(["Invalid input: expected number, received array"]);
    expect(received(null)).toEqual(["Invalid input: expected number, received null"]);
    expect(received("")).toEqual(["Invalid input: expected number, received string"]);
    expect(received("abc")).toEqual(["Invalid input: expected number, received string"]);
    expect(received("0x10")).toEqual(["Invalid input: expected number, received string"]);
    expect(received("Infinity")).toEqual(["Invalid input: expected number, received string"]);
    expect(received(undefined)).toEqual(["Invalid input: expected number, received undefined"]);
  });

  it("still checks the number itself", () => {
    const received = (StationID: unknown) => issues(stationRequest.safeParse({ StationID, Hash }));
    expect(received("1.5")).toEqual(["Invalid input: expected int, received number"]);
    expect(received("-1")).toEqual(["Too small: expected number to be >0"]);
    expect(received(0)).toEqual(["Too small: expected number to be >0"]);
    expect(received(2 ** 31)).toEqual(["Too big: expected number to be <=2147483647"]);
  });
});

describe("ProgressRatio", () => {
  const progress = (ProgressRatio: unknown) =>
    mediumProgressRequest.safeParse({ StationID: 1, Hash, ContentRef: "a.mp4", ProgressRatio });

  it("takes a number from 0 to 1, also as text", () => {
    expect(progress(0).data?.ProgressRatio).toBe(0);
    expect(progress(0.5).data?.ProgressRatio).toBe(0.5);
    expect(progress("0.25").data?.ProgressRatio).toBe(0.25);
    expect(progress(".75").data?.ProgressRatio).toBe(0.75);
    expect(progress("1").data?.ProgressRatio).toBe(1);
  });

  it("refuses null, empty text, arrays and booleans instead of reading them as 0 or 1", () => {
    expect(issues(progress(null))).toEqual(["Invalid input: expected number, received null"]);
    expect(issues(progress(""))).toEqual(["Invalid input: expected number, received string"]);
    expect(issues(progress([]))).toEqual(["Invalid input: expected number, received array"]);
    expect(issues(progress(true))).toEqual(["Invalid input: expected number, received boolean"]);
    expect(issues(progress("1.5"))).toEqual(["Too big: expected number to be <=1"]);
  });
});

describe("Skip", () => {
  const skip = (Skip: unknown) => outroRequest.safeParse({ Skip, Hash });

  it("takes true and false, also as text", () => {
    expect(skip(true).data?.Skip).toBe(true);
    expect(skip(false).data?.Skip).toBe(false);
    expect(skip("true").data?.Skip).toBe(true);
    expect(skip("false").data?.Skip).toBe(false);
  });

  it("refuses anything else instead of reading every non-empty text as true", () => {
    for (const value of ["yes", "", "1", 1, 0, null, [true], undefined]) {
      expect(skip(value).success, JSON.stringify(value)).toBe(false);
    }
    expect(issues(skip("yes"))).toEqual(["Invalid input: expected boolean, received string"]);
  });
});
