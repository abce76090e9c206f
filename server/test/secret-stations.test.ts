import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { ErrorReason } from "@wegmarke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadContentPack } from "../src/content/loader";
import type { ContentPack } from "../src/content/model";
import { stationCode } from "../src/game/station-access";
import { Api } from "./support/api";
import { dialects } from "./support/dialects";
import type { TestDatabase } from "./support/dialects";
import { startApp, tempDir } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/**
 * A `secret` station opens from the list only once found: a recommendation naming it reached
 * the player, or they played it before (its QR code reveals it). On both databases.
 */

const SECRET = "secret-stations-secret-".padEnd(40, "s");

function station(id: number, name: string, extra: string): string {
  return `id: ${id}
name: ${name}
character: Eva
latitude: 50.81
longitude: 8.77
points: 0
${extra}
texts:
  de: { title: S${id}, desc: D${id} }
`;
}

const files: Record<string, string> = {
  "game.yaml": `id: marburg
title: Test
defaultLanguage: de
settings:
  allowTeams: false
  registrationLess: false
  debug: false
texts:
  rejection: Leider falsch.
`,
  "stations/1-tipp/station.yaml": station(1, "tipp", ""),
  "stations/1-tipp/script.de.ink":
    "VAR points = 0\nFrag in der Kapelle nach! #recommend: kapelle\n-> END\n",
  "stations/2-kapelle/station.yaml": station(2, "kapelle", "visible: secret"),
  "stations/2-kapelle/script.de.ink":
    "VAR points = 0\nWie heißt die Stadt?\n+ [Marburg #answer]\n    Richtig!\n- -> END\n",
};

describe.each(dialects)("a secret station ($name)", (dialect) => {
  let db: TestDatabase;
  let packDir: { dir: string; remove(): Promise<void> };
  let pack: ContentPack;
  let app: TestApp;
  let api: Api;

  const activate = (hash: string, id: number) =>
    api.gameFailure("station/activate", { StationID: id, Hash: hash });

  beforeAll(async () => {
    db = await dialect.open();
    packDir = await tempDir();
    for (const [file, text] of Object.entries(files)) {
      await mkdir(join(packDir.dir, file, ".."), { recursive: true });
      await writeFile(join(packDir.dir, file), text);
    }
    pack = await loadContentPack(packDir.dir);
    app = await startApp({
      ...db.where,
      pack,
      config: { secret: { kind: "value", value: SECRET } },
    });
    api = new Api(app.url);
  });

  afterAll(async () => {
    await app.close();
    await packDir.remove();
    await db.done();
  });

  it("refuses to start by its address before the player has found it", async () => {
    const hash = await api.optin();
    expect(await activate(hash, 2)).toEqual([403, ErrorReason.stationNotFound]);
  });

  it("starts once a recommendation naming it has reached the player", async () => {
    const hash = await api.optin();
    expect(await activate(hash, 1)).toEqual([200, '{"value":"ok"}']);
    expect(await activate(hash, 2)).toEqual([200, '{"value":"ok"}']);
  });

  it("starts from the list again once its code has revealed it", async () => {
    const hash = await api.optin();
    const secret = pack.stations.find((s) => s.id === 2);
    if (!secret) throw new Error("no station 2");
    const code = stationCode(Buffer.from(SECRET), pack.id, secret);
    expect(await api.gameFailure("station/code", { Code: code, Hash: hash })).toEqual([
      200,
      '{"value":{"StationID":2}}',
    ]);
    await api.game("station/cancel", { StationID: 2, Hash: hash });
    expect(await activate(hash, 2)).toEqual([200, '{"value":"ok"}']);
  });
});
