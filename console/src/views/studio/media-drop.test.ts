import { describe, expect, it } from "vitest";
import { packName } from "./media-drop";

describe("a dropped file's name in the pack", () => {
  it("is lower case without spaces or umlauts, its extension kept", () => {
    expect(packName("Rathaus Uhr (2).JPG")).toBe("rathaus-uhr-2.jpg");
    expect(packName("Mühle_Süd.mp3")).toBe("muehle_sued.mp3");
    expect(packName("...png")).toBe("datei.png");
    expect(packName("ohne")).toBe("ohne");
  });
});
