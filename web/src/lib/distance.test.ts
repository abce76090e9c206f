import { describe, expect, it } from "vitest";
import { distanceInMetres, formatDistance } from "./distance";

const marktplatz = { latitude: 50.80953, longitude: 8.76998 };
const schloss = { latitude: 50.81041, longitude: 8.7668 };

describe("distanceInMetres", () => {
  it("is zero for the same place", () => {
    expect(distanceInMetres(marktplatz, marktplatz)).toBe(0);
  });

  it("measures the haversine distance with R = 6371000 m, rounded up to whole metres", () => {
    // One degree of latitude is 2πR/360 = 111194.93 m.
    expect(distanceInMetres({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBe(
      111195,
    );
    // 243.92 m, computed independently.
    expect(distanceInMetres(marktplatz, schloss)).toBe(244);
  });

  it("is symmetric", () => {
    expect(distanceInMetres(schloss, marktplatz)).toBe(distanceInMetres(marktplatz, schloss));
  });
});

describe("formatDistance", () => {
  it("rounds up to the next 50 m up to 1000 m", () => {
    expect(formatDistance(301, "de")).toBe("350 m");
    expect(formatDistance(350, "de")).toBe("350 m");
    expect(formatDistance(1, "en")).toBe("50 m");
    expect(formatDistance(1000, "de")).toBe("1000 m");
  });

  it("shows more than 1000 m as rounded whole kilometres in the language's format", () => {
    expect(formatDistance(1001, "de")).toBe("1 km");
    expect(formatDistance(1499, "en")).toBe("1 km");
    expect(formatDistance(1500, "de")).toBe("2 km");
    expect(formatDistance(2400, "de-formal")).toBe("2 km");
    expect(formatDistance(2960, "de")).toBe("3 km");
    expect(formatDistance(12_345_678, "de")).toBe("12.346 km");
    expect(formatDistance(12_345_678, "en")).toBe("12,346 km");
  });
});
