import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContentPack } from "../src/content/model";
import type { StepResult } from "../src/engine/types";
import { CALLS_PER_THREAD, ScriptPool } from "../src/game/scripts/script-runner";
import { featurePack, station } from "./support/feature-pack";
import { tempDir } from "./support/test-app";

/** The script workers every game of a process shares (decisions/054), on real threads. */

let dir: { dir: string; remove(): Promise<void> };
/** Games whose station 5 greets with the game's name. */
let packs: { Hafen: ContentPack; Altstadt: ContentPack; "Hafen neu": ContentPack };

async function gamePack(name: string): Promise<ContentPack> {
  return featurePack(`${dir.dir}/${name}`, {
    "stations/5-gruss/station.yaml": station(5, "Eva").replace("points: 4", "points: 0"),
    "stations/5-gruss/script.de.ink": `Hier spielt ${name}.\n+ [Weiter #answer] -> END\n`,
  });
}

function said(result: StepResult | undefined): string {
  return result?.messages.map((m) => (m.kind === "text" ? m.text : "")).join(" ") ?? "";
}

beforeAll(async () => {
  dir = await tempDir();
  packs = {
    Hafen: await gamePack("Hafen"),
    Altstadt: await gamePack("Altstadt"),
    "Hafen neu": await gamePack("Hafen neu"),
  };
});

afterAll(async () => {
  await dir.remove();
});

describe("the script workers every game shares", () => {
  it("run each game's own scripts, a reloaded pack's from then on", async () => {
    const pool = new ScriptPool(1);
    try {
      const hafen = pool.runner(packs.Hafen);
      const altstadt = pool.runner(packs.Altstadt);
      expect(said(await hafen.start(5, "de"))).toBe("Hier spielt Hafen.");
      expect(said(await altstadt.start(5, "de"))).toBe("Hier spielt Altstadt.");
      // Calls made before the reload still run the scripts they were made for.
      const before = Array.from({ length: 5 }, () => hafen.start(5, "de"));
      hafen.reload(packs["Hafen neu"]);
      const after = hafen.start(5, "de");
      expect((await Promise.all(before)).map(said)).toEqual(
        Array.from({ length: 5 }, () => "Hier spielt Hafen."),
      );
      expect(said(await after)).toBe("Hier spielt Hafen neu.");
      // A game's server closes; the other plays on.
      await hafen.close();
      expect(said(await altstadt.start(5, "de"))).toBe("Hier spielt Altstadt.");
    } finally {
      await pool.close();
    }
  });

  it("take turns: a game with many calls waiting holds another's back by one of its own", async () => {
    const pool = new ScriptPool(1);
    try {
      const rally = pool.runner(packs.Hafen);
      const other = pool.runner(packs.Altstadt);
      await other.start(5, "de");
      const answered: string[] = [];
      const calls = [
        ...Array.from({ length: 40 }, () => rally.start(5, "de")),
        other.start(5, "de"),
      ].map((call) => call.then((result) => answered.push(said(result))));
      await Promise.all(calls);
      // The thread's share of the rally's calls, then one more went before the other game's.
      expect(answered.indexOf("Hier spielt Altstadt.")).toBe(CALLS_PER_THREAD + 1);
    } finally {
      await pool.close();
    }
  });

  it("send a run's calls to one thread, which keeps its ink state live between them", async () => {
    const riddle = await featurePack(`${dir.dir}/Raetsel`, {
      "stations/5-gruss/station.yaml": station(5, "Eva").replace("points: 4", "points: 0"),
      "stations/5-gruss/script.de.ink": `- (frage)\nWer kräht?\n+ [Hahn #answer] -> END\n+ [#answer]\n    Nein.\n    -> frage\n`,
    });
    const pool = new ScriptPool(2);
    try {
      const game = pool.runner(riddle);
      const streams = ["s-anna", "s-ben", "s-cem", "s-dora", "s-emil", "s-fred"];
      let states = await Promise.all(
        streams.map(async (run) => (await game.start(5, "de", run)).state),
      );
      // Four rounds, each with every run's wrong answer under way at once, in another order.
      for (let round = 0; round < 4; round++) {
        const order = streams.map((_, i) => (i + round) % streams.length);
        const answered = await Promise.all(
          order.map((i) =>
            game.step(5, "de", states[i] ?? "", { kind: "answer", text: "Katze" }, streams[i]),
          ),
        );
        const results = streams.map((_, i) => answered[order.indexOf(i)] as StepResult);
        expect(results.map(said)).toEqual(streams.map(() => "Nein. Wer kräht?"));
        states = results.map((result) => result.state);
      }
      expect(pool.figures()).toEqual({ steps: 24, live: 24 });
    } finally {
      await pool.close();
    }
  });

  it("run in the calling thread with no workers", async () => {
    const pool = new ScriptPool(0);
    const hafen = pool.runner(packs.Hafen);
    expect(said(await hafen.start(5, "de"))).toBe("Hier spielt Hafen.");
    hafen.reload(packs.Altstadt);
    expect(said(await hafen.start(5, "de"))).toBe("Hier spielt Altstadt.");
    await pool.close();
  });
});
