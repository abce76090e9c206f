import { describe, expect, it } from "vitest";
import { hurried, quicker } from "./previews";

describe("a quicker preview", () => {
  it("plays hours as minutes, minutes as seconds and seconds as one", () => {
    expect(quicker(2, "h")).toBe("2m");
    expect(quicker(10, "m")).toBe("10s");
    expect(quicker(30, "s")).toBe("1s");
    expect(quicker(1, "S")).toBe("1s");
  });

  it("hurries a script's delays and a station's reminder, and nothing else", () => {
    const script = [
      "Gefunden! #delay: 30s",
      "P.S. Bis später. #from: Lena #delay:2h",
      "Es dauert 10m, sagt sie.",
    ].join("\n");
    expect(hurried(script)).toBe(
      [
        "Gefunden! #delay: 1s",
        "P.S. Bis später. #from: Lena #delay:2m",
        "Es dauert 10m, sagt sie.",
      ].join("\n"),
    );
    const station = "reminder:\n  after: 5m\n  text:\n    de: Noch da? after: 3m\n";
    expect(hurried(station)).toBe("reminder:\n  after: 5s\n  text:\n    de: Noch da? after: 3m\n");
  });
});
