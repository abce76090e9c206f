import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../config";
import { readGame, writeGame } from "./game-form";

const demoGame = () => readFile(resolve(repoRoot, "content/demo/game.yaml"), "utf8");

describe("the studio's game form", () => {
  it("reads game.yaml's title, languages and settings, and writes back only what changed", async () => {
    const yaml = await demoGame();
    const read = readGame(yaml);
    if (!read.ok) throw new Error(read.reason);
    expect(read.form).toEqual({
      title: { de: "Märchenhaftes Marburg", en: "Fairy-tale Marburg" },
      defaultLanguage: "de",
      languages: ["de", "en"],
      teams: "off",
      registrationLess: false,
      followBrowserLanguage: true,
      allowGeolocation: true,
      debug: false,
      app: {
        shortName: "Märchen",
        themeColor: "#a3302a",
        backgroundColor: "#fbf5ec",
        icon: "app/icon.png",
      },
      clock: { start: "", end: "" },
    });
    expect(writeGame(yaml, read.form)).toBe(yaml);

    const written = writeGame(yaml, {
      ...read.form,
      title: { ...read.form.title, de: "Marburg bei Nacht" },
      teams: "optional",
      languages: ["de", "de-formal", "en"],
    });
    // The comment beside the changed value goes with it; every other stays.
    expect(written).toContain("# Demo game: the Brothers Grimm's fairy tales");
    expect(written).toContain("  de: Marburg bei Nacht\n");
    expect(written).toMatch(/^ {2}teams: optional/m);
    expect(written).toContain("# /webapp/intro: exactly four steps.");
    expect(readGame(written)).toMatchObject({
      ok: true,
      form: { teams: "optional", languages: ["de", "de-formal", "en"] },
    });
  });

  it("writes the app's looks key by key, and leaves out what is emptied", async () => {
    const yaml = await demoGame();
    const read = readGame(yaml);
    if (!read.ok) throw new Error(read.reason);
    const { app } = read.form;
    const recoloured = writeGame(yaml, {
      ...read.form,
      app: { ...app, themeColor: "#123456", shortName: "" },
    });
    expect(recoloured).toContain('  themeColor: "#123456"');
    expect(recoloured).not.toContain("shortName");
    expect(recoloured).toContain("  icon: app/icon.png");
    expect(recoloured).toContain('# What "More" calls the other views');
    expect(readGame(recoloured)).toMatchObject({
      ok: true,
      form: { app: { ...app, themeColor: "#123456", shortName: "" } },
    });

    const none = { shortName: "", themeColor: "", backgroundColor: "", icon: "" };
    const plain = writeGame(yaml, { ...read.form, app: none });
    expect(plain).not.toMatch(/^app:/m);
    expect(readGame(plain)).toMatchObject({ ok: true, form: { app: none } });
    // A game without the section gets one.
    const given = writeGame(plain, { ...read.form, app: { ...none, shortName: "Marburg" } });
    expect(readGame(given)).toMatchObject({
      ok: true,
      form: { app: { ...none, shortName: "Marburg" } },
    });
  });

  it("writes the game's clock, either time alone, and leaves the section out once both are empty", async () => {
    const yaml = await demoGame();
    const read = readGame(yaml);
    if (!read.ok) throw new Error(read.reason);
    const clock = { start: "2026-06-13T10:00:00+02:00", end: "2026-06-13T14:00:00+02:00" };
    const timed = writeGame(yaml, { ...read.form, clock });
    expect(timed).toMatch(/^clock:\n {2}start: "?2026-06-13T10:00:00\+02:00"?\n/m);
    expect(readGame(timed)).toMatchObject({ ok: true, form: { clock } });
    const endless = writeGame(timed, { ...read.form, clock: { ...clock, end: "" } });
    expect(readGame(endless)).toMatchObject({ ok: true, form: { clock: { ...clock, end: "" } } });
    const none = writeGame(endless, { ...read.form, clock: { start: "", end: "" } });
    expect(none).not.toMatch(/^clock:/m);
    // game.yaml with an end before its start is refused as the loader refuses it.
    const reversed = timed.replace("14:00:00", "09:00:00");
    expect(readGame(reversed)).toMatchObject({
      ok: false,
      reason: expect.stringContaining("the game must end after it starts") as string,
    });
  });

  it("writes teams in place of the older allowTeams", () => {
    const yaml = (async () =>
      (await demoGame()).replace(/^ {2}teams: .*$/m, "  allowTeams: true"))();
    return yaml.then((older) => {
      const read = readGame(older);
      if (!read.ok) throw new Error(read.reason);
      expect(read.form.teams).toBe("required");
      const written = writeGame(older, { ...read.form, teams: "optional" });
      expect(written).not.toContain("allowTeams");
      expect(written).toMatch(/^ {2}teams: optional$/m);
    });
  });

  it("refuses a game.yaml the loader would refuse, saying why", () => {
    expect(readGame("id: x\n")).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^game.yaml: /) as string,
    });
  });
});
