import { describe, expect, it } from "vitest";
import { playerStatus, station } from "../test/fixtures";
import { activationFor, sendsPosition } from "./activation";

const status = playerStatus({
  CurrentStation: 2,
  Stations: {
    "1": station(),
    "2": station({ Trigger: "list" }),
    "3": station({ Trigger: "qr" }),
    "4": station({ Trigger: "near", Radius: 40 }),
    "5": station({ Trigger: "qr-or-near", Radius: 60 }),
  },
});

describe("starting a station", () => {
  it("switches when another station is current", () => {
    expect(activationFor(status, 1)).toEqual({ kind: "switch", currentStation: 2 });
    expect(activationFor(status, 2)).toEqual({ kind: "activate" });
  });

  it("sends the position only for stations that open at their place", () => {
    expect([1, 2, 3, 4, 5, 99].map((id) => sendsPosition(status, id))).toEqual([
      false,
      false,
      false,
      true,
      true,
      false,
    ]);
    expect(sendsPosition(null, 4)).toBe(false);
  });
});
