import { cp, readFile } from "node:fs/promises";
import { resolve } from "node:path";
import {
  auditPage,
  opsDraft,
  opsDraftCheck,
  opsDraftPublishOutcome,
  opsDraftSaveOutcome,
  opsDraftText,
  opsGameEdit,
  opsGameTextsEdit,
  opsMapEdit,
  opsInkCompiled,
  opsStationCreated,
  opsStationEdit,
  opsStoryEdit,
  publicContentSchema,
} from "@wegmarke/protocol";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { repoRoot } from "../src/config";
import { loadContentPack } from "../src/content/loader";
import { dialects } from "./support/dialects";
import type { TestDatabase, Where } from "./support/dialects";
import { opsCall, titleOn, until } from "./support/ops-client";
import { startApp, tempDir } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/**
 * The studio's draft in the operators' API: a file read, saved over what it replaces (409 with
 * the other author's file otherwise), checked by station and published on every instance.
 */

const TOKEN = "pack-draft-token-".padEnd(48, "d");
const BEARER = { authorization: `Bearer ${TOKEN}` };
const ops = (app: TestApp, method: string, path: string, body?: unknown) =>
  opsCall(app, TOKEN, method, path, body);

const retitle = (yaml: string, title: string) =>
  yaml.replace(/^title:\n {2}de: .*$/m, `title:\n  de: ${title}`);

describe.each(dialects)("the studio's draft on $name", (dialect) => {
  let database: TestDatabase;
  let packDir: { dir: string; remove(): Promise<void> };
  let apps: TestApp[];

  beforeEach(async () => {
    database = await dialect.open();
    packDir = await tempDir();
    await cp(resolve(repoRoot, "content/demo"), packDir.dir, { recursive: true });
    apps = [];
  });

  afterEach(async () => {
    for (const app of apps) await app.close();
    await database.done();
    await packDir.remove();
  });

  /** An instance whose live version is the demo folder. */
  async function instance(where: Where = database.where): Promise<TestApp> {
    const pack = await loadContentPack(packDir.dir);
    const app = await startApp({ ...where, pack, config: { operatorToken: TOKEN } });
    apps.push(app);
    expect((await ops(app, "POST", "/content/reload", {})).status).toBe(200);
    return app;
  }

  it("edits a file in the draft, refuses a stale save with theirs, checks and publishes it", async () => {
    const app = await instance();
    const draft = opsDraft.parse((await ops(app, "GET", "/pack/draft")).json);
    expect(draft).toMatchObject({ base: 1, live: 1, changed: 0 });
    expect(draft.files.map((file) => file.path)).toContain("stations/1-marktplatz/script.de.ink");

    const game = opsDraftText.parse(
      (await ops(app, "GET", "/pack/draft/file?path=game.yaml")).json,
    );
    expect(game.text).toContain("de: Märchenhaftes Marburg");
    const first = retitle(game.text, "Im Entwurf");
    const saved = await ops(app, "PUT", "/pack/draft/file", {
      path: "game.yaml",
      text: first,
      replaces: game.hash,
    });
    expect(saved.status).toBe(200);
    expect(opsDraftSaveOutcome.parse(saved.json)).toMatchObject({
      ok: true,
      file: { path: "game.yaml", state: "changed", by: null },
    });
    // Players still get the live version.
    expect(await titleOn(app)).toBe("Märchenhaftes Marburg");

    // A second author, who opened the file before the save, is told and loses nothing.
    const stale = await ops(app, "PUT", "/pack/draft/file", {
      path: "game.yaml",
      text: retitle(game.text, "Zu spät"),
      replaces: game.hash,
    });
    expect(stale.status).toBe(409);
    expect(opsDraftSaveOutcome.parse(stale.json)).toMatchObject({
      ok: false,
      theirs: { path: "game.yaml", text: first },
    });
    const removal = await ops(
      app,
      "DELETE",
      `/pack/draft/file?path=game.yaml&replaces=${game.hash}`,
    );
    expect(removal.status).toBe(409);

    const check = opsDraftCheck.parse((await ops(app, "POST", "/pack/draft/check", {})).json);
    expect(check).toEqual({ ok: true, errors: 0, warnings: 0, groups: [] });

    const published = await ops(app, "POST", "/pack/draft/publish", {});
    expect(published.status).toBe(200);
    expect(opsDraftPublishOutcome.parse(published.json)).toMatchObject({
      ok: true,
      version: { id: 2, source: "studio", author: null, live: true },
      warnings: [],
    });
    expect(await titleOn(app)).toBe("Im Entwurf");
    const after = opsDraft.parse((await ops(app, "GET", "/pack/draft")).json);
    expect(after).toMatchObject({ base: 2, live: 2, changed: 0 });

    const audit = auditPage.parse((await ops(app, "GET", "/audit")).json);
    expect(audit.entries.map((entry) => [entry.action, entry.detail]).slice(0, 4)).toEqual([
      ["pack.draft.publish", "version 2"],
      ["pack.draft.remove", "game.yaml refused: changed"],
      ["pack.draft.save", "game.yaml refused: changed"],
      ["pack.draft.save", "game.yaml"],
    ]);
  });

  it("publishes nothing that fails the check, and names each problem's station and line", async () => {
    const app = await instance();
    const path = "stations/2-schloss/script.de.ink";
    const script = opsDraftText.parse(
      (await ops(app, "GET", `/pack/draft/file?path=${path}`)).json,
    );
    const broken = `${script.text}\n-> nirgendwo\n`;
    expect(
      (await ops(app, "PUT", "/pack/draft/file", { path, text: broken, replaces: script.hash }))
        .status,
    ).toBe(200);

    const refused = await ops(app, "POST", "/pack/draft/publish", {});
    expect(refused.status).toBe(422);
    const outcome = opsDraftPublishOutcome.parse(refused.json);
    if (outcome.ok) throw new Error("published a broken draft");
    expect(outcome.check.groups).toEqual([
      {
        kind: "station",
        folder: "stations/2-schloss",
        id: 2,
        title: "Das Landgrafenschloss",
        problems: [
          expect.objectContaining({
            file: path,
            severity: "error",
            message: expect.stringContaining("nirgendwo") as string,
          }),
        ],
      },
    ]);
    expect(await titleOn(app)).toBe("Märchenhaftes Marburg");
    expect(opsDraft.parse((await ops(app, "GET", "/pack/draft")).json).live).toBe(1);

    // Discarding the draft brings back the live version's file.
    expect(opsDraft.parse((await ops(app, "DELETE", "/pack/draft")).json).changed).toBe(0);
    const again = opsDraftText.parse((await ops(app, "GET", `/pack/draft/file?path=${path}`)).json);
    expect(again.text).toBe(script.text);
  });

  it("refuses paths outside the pack, media as text and malformed saves with a reason", async () => {
    const app = await instance();
    const cases: [string, string, unknown, number, string][] = [
      ["GET", "/pack/draft/file?path=../secret.key", undefined, 400, "not a pack path"],
      ["GET", "/pack/draft/file?path=.git/config", undefined, 400, "not a pack path"],
      ["GET", "/pack/draft/file?path=map/oberstadt.svg", undefined, 415, "as text"],
      [
        "GET",
        "/pack/draft/file?path=stations/99-nichts/station.yaml",
        undefined,
        404,
        "no such file",
      ],
      [
        "PUT",
        "/pack/draft/file",
        { path: "a//b.ink", text: "", replaces: null },
        400,
        "not a pack path",
      ],
      ["PUT", "/pack/draft/file", { path: "game.yaml", text: 3, replaces: null }, 400, "text"],
      [
        "PUT",
        "/pack/draft/file",
        { path: "intro/1.png", text: "x", replaces: null },
        415,
        "as text",
      ],
      ["DELETE", "/pack/draft/file?path=game.yaml", undefined, 400, "replaces"],
    ];
    for (const [method, path, body, status, reason] of cases) {
      const answer = await ops(app, method, path, body);
      expect([answer.status, answer.text], `${method} ${path}`).toEqual([
        status,
        expect.stringContaining(reason),
      ]);
    }
    // A new file's save must say it replaces nothing.
    const created = await ops(app, "PUT", "/pack/draft/file", {
      path: "texts/neu.md",
      text: "Hallo",
      replaces: "0".repeat(64),
    });
    expect(created.status).toBe(409);
    expect(opsDraftSaveOutcome.parse(created.json)).toMatchObject({
      ok: false,
      theirs: { hash: null },
    });
  });

  it("makes a new station from a title, edits its form and publishes it for players", async () => {
    const app = await instance();
    const created = await ops(app, "POST", "/pack/draft/stations", { title: "Die Alte Mühle" });
    expect(created.status).toBe(201);
    expect(opsStationCreated.parse(created.json)).toEqual({
      folder: "stations/16-die-alte-muehle",
      id: 16,
    });
    const folder = "stations/16-die-alte-muehle";
    const edit = opsStationEdit.parse(
      (await ops(app, "GET", `/pack/draft/station?folder=${folder}`)).json,
    );
    expect(edit).toMatchObject({
      id: 16,
      languages: ["de", "en"],
      scripts: ["script.de.ink", "script.en.ink"],
      form: { name: "die-alte-muehle", character: { de: "Lena" }, trigger: "list", points: 1 },
    });
    expect(edit.form.texts.de?.title).toBe("Die Alte Mühle");
    expect(edit.others).toHaveLength(11);
    expect(edit.others.map((other) => other.folder)).not.toContain(folder);

    const form = {
      ...edit.form,
      latitude: 50.8101,
      longitude: 8.7702,
      trigger: "near" as const,
      radius: 30,
      texts: {
        de: { title: "Die Alte Mühle", desc: "Am Mühlgraben.", descDone: "", longDesc: "" },
        en: { title: "The Old Mill", desc: "By the mill race.", descDone: "", longDesc: "" },
      },
    };
    const saved = await ops(app, "PUT", "/pack/draft/station", {
      folder,
      form,
      replaces: edit.hash,
    });
    expect(saved.status).toBe(200);
    // The same form over the old hash again: refused, with what changed.
    const stale = await ops(app, "PUT", "/pack/draft/station", {
      folder,
      form,
      replaces: edit.hash,
    });
    expect(stale.status).toBe(409);
    expect(opsDraftSaveOutcome.parse(stale.json)).toMatchObject({
      ok: false,
      changes: expect.arrayContaining([
        expect.objectContaining({ lines: expect.arrayContaining(["+trigger: near"]) }),
      ]) as unknown[],
    });
    const yaml = opsDraftText.parse(
      (await ops(app, "GET", `/pack/draft/file?path=${folder}/station.yaml`)).json,
    );
    expect(yaml.text).toContain("latitude: 50.8101\n");

    const published = await ops(app, "POST", "/pack/draft/publish", {});
    expect(published.status).toBe(200);
    const content = publicContentSchema.parse(
      await (await fetch(`${app.url}/webapp/content/en.json`)).json(),
    );
    expect(content.stations["16"]).toMatchObject({
      title: "The Old Mill",
      desc: "By the mill race.",
    });

    for (const [path, status] of [
      ["/pack/draft/station?folder=../x", 400],
      ["/pack/draft/station?folder=stations/99-nichts", 404],
    ] as const) {
      expect((await ops(app, "GET", path)).status, path).toBe(status);
    }
    expect((await ops(app, "POST", "/pack/draft/stations", { title: "  " })).status).toBe(400);
  });

  it("changes the game's settings in the form: teams become optional for players", async () => {
    const app = await instance();
    const edit = opsGameEdit.parse((await ops(app, "GET", "/pack/draft/game")).json);
    expect(edit.form).toMatchObject({
      teams: "off",
      defaultLanguage: "de",
      languages: ["de", "en"],
    });
    expect(edit.pictures).toEqual(["app/icon.png"]);
    const form = {
      ...edit.form,
      teams: "optional" as const,
      title: { ...edit.form.title, de: "Marburg im Team" },
      app: { ...edit.form.app, shortName: "Im Team", themeColor: "#204060" },
    };
    expect((await ops(app, "PUT", "/pack/draft/game", { form, replaces: edit.hash })).status).toBe(
      200,
    );
    const untitled = { ...form, title: { en: "Only English" } };
    const refused = await ops(app, "PUT", "/pack/draft/game", {
      form: untitled,
      replaces: edit.hash,
    });
    expect([refused.status, refused.text]).toEqual([
      400,
      expect.stringContaining("title in its default language"),
    ]);
    expect((await ops(app, "POST", "/pack/draft/publish", {})).status).toBe(200);
    const config = (await (await fetch(`${app.url}/webapp/config.json`)).json()) as {
      teams: string;
    };
    expect(config.teams).toBe("optional");
    const manifest = (await (await fetch(`${app.url}/webapp/manifest.webmanifest`)).json()) as {
      name: string;
      short_name: string;
      theme_color: string;
    };
    expect(manifest).toMatchObject({
      name: "Marburg im Team",
      short_name: "Im Team",
      theme_color: "#204060",
    });
    expect(await titleOn(app)).toBe("Marburg im Team");
  });

  it("changes the help, the news texts and the reply to a wrong answer in the texts form", async () => {
    const app = await instance();
    const edit = opsGameTextsEdit.parse((await ops(app, "GET", "/pack/draft/texts")).json);
    expect(edit.languages).toEqual(["de", "en"]);
    expect(edit.form.help[0]?.headline.en).toBe("How do I start a station?");
    const form = {
      ...edit.form,
      help: [
        ...edit.form.help,
        {
          headline: { de: "Wo ist die Karte?", en: "Where is the map?" },
          text: { de: "Im Menü." },
        },
      ],
      rejection: { ...edit.form.rejection, en: "Not quite. Once more!" },
      // The third step shows the second's picture; the crest's first row the next one's.
      intro: edit.form.intro.map((step, index) =>
        index === 2 ? { ...step, image: "intro/2.png" } : step,
      ),
      crest: edit.form.crest.map((row, index) =>
        index === 0 ? { ...row, image: "points/wappen-1.png" } : row,
      ),
      provider: edit.form.provider && { ...edit.form.provider, name: "Stadtmarketing Marburg" },
    };
    expect(edit.pictures).toEqual(
      expect.arrayContaining(["intro/1.png", "intro/4.png", "points/wappen-0.png"]),
    );
    expect(edit.pictures.every((path) => /^(intro|points)\//.test(path))).toBe(true);
    const saved = await ops(app, "PUT", "/pack/draft/texts", { form, replaces: edit.hash });
    expect(saved.status, saved.text).toBe(200);
    // The settings' form reads the same file anew, unchanged.
    expect(opsGameEdit.parse((await ops(app, "GET", "/pack/draft/game")).json).form.teams).toBe(
      "off",
    );
    const stale = await ops(app, "PUT", "/pack/draft/texts", { form, replaces: edit.hash });
    expect(stale.status).toBe(409);
    expect((await ops(app, "POST", "/pack/draft/publish", {})).status).toBe(200);
    const content = publicContentSchema.parse(
      await (await fetch(`${app.url}/webapp/content/en.json`)).json(),
    );
    expect(content.help?.at(-1)).toMatchObject({ headline: "Where is the map?" });
    expect(content.intro?.[2]?.imagePath).toMatch(/intro\/2\.png$/);
    expect(content.crest?.[0]?.imagePath).toMatch(/points\/wappen-1\.png$/);
    expect(content.privacy?.provider.name).toBe("Stadtmarketing Marburg");
  });

  it("sets the map's corners in its form, and shows the draft's map picture", async () => {
    const app = await instance();
    const edit = opsMapEdit.parse((await ops(app, "GET", "/pack/draft/map")).json);
    expect(edit.pictures).toEqual(["map/oberstadt.svg"]);
    expect(edit.stations.length).toBeGreaterThan(10);
    expect(edit.form?.image?.path).toBe("map/oberstadt.svg");
    const bounds: [[number, number], [number, number]] = [
      [50.804, 8.761],
      [50.818, 8.78],
    ];
    const form = { image: { path: "map/oberstadt.svg", bounds }, tiles: null };
    const saved = await ops(app, "PUT", "/pack/draft/map", { form, replaces: edit.hash });
    expect(saved.status, saved.text).toBe(200);
    const swapped = await ops(app, "PUT", "/pack/draft/map", {
      form: { ...form, image: { ...form.image, bounds: [bounds[1], bounds[0]] } },
      replaces: edit.hash,
    });
    expect([swapped.status, swapped.text]).toEqual([
      400,
      expect.stringContaining("south and west"),
    ]);
    expect((await ops(app, "POST", "/pack/draft/publish", {})).status).toBe(200);
    const content = publicContentSchema.parse(
      await (await fetch(`${app.url}/webapp/content/de.json`)).json(),
    );
    expect(content.map?.image?.bounds).toEqual(bounds);

    const picture = await fetch(`${app.url}/api/ops/pack/draft/media?path=map/oberstadt.svg`, {
      headers: BEARER,
    });
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-type")).toBe("image/svg+xml");
    expect(await picture.text()).toContain("<svg");
    expect((await ops(app, "GET", "/pack/draft/media?path=map/fehlt.png")).status).toBe(404);
    expect((await ops(app, "GET", "/pack/draft/media?path=game.yaml")).status).toBe(415);
  });

  it("edits a story in its form, with the media its folder holds, for players", async () => {
    const app = await instance();
    const folder = "stories/2-savignys-bibliothek";
    const edit = opsStoryEdit.parse(
      (await ops(app, "GET", `/pack/draft/story?folder=${folder}`)).json,
    );
    expect(edit).toMatchObject({
      id: 2,
      images: ["stories/2/bibliothek.png"],
      audio: ["stories/2/erzaehlung.mp3", "stories/2/narration-en.mp3"],
    });
    const german = edit.form.texts.de ?? { chapter: "", headline: "", text: "", audio: "" };
    const form = {
      ...edit.form,
      texts: { ...edit.form.texts, de: { ...german, headline: "Bei Savigny" } },
    };
    expect(
      (await ops(app, "PUT", "/pack/draft/story", { folder, form, replaces: edit.hash })).status,
    ).toBe(200);
    const untitled = { ...form, texts: { ...form.texts, de: { ...german, headline: " " } } };
    const refused = await ops(app, "PUT", "/pack/draft/story", {
      folder,
      form: untitled,
      replaces: edit.hash,
    });
    expect([refused.status, refused.text]).toEqual([
      400,
      expect.stringContaining("German headline"),
    ]);
    expect((await ops(app, "POST", "/pack/draft/publish", {})).status).toBe(200);
    const content = publicContentSchema.parse(
      await (await fetch(`${app.url}/webapp/content/de.json`)).json(),
    );
    expect(JSON.stringify(content)).toContain("Bei Savigny");
    expect((await ops(app, "GET", "/pack/draft/story?folder=stations/1-marktplatz")).status).toBe(
      400,
    );
  });

  it("compiles a script as the author types it, off the main thread, with did-you-mean", async () => {
    const app = await instance();
    const path = "stations/1-marktplatz/script.de.ink";
    const text = "VAR points = 0\n- (frage)\nWelches Tier?\n~ pionts = 2\n-> frgae\n";
    const compiled = opsInkCompiled.parse(
      (await ops(app, "POST", "/pack/draft/compile", { path, text })).json,
    );
    expect(compiled.problems).toEqual([
      {
        line: 4,
        message: "Variable could not be found to assign to: 'pionts'",
        suggestion: { wrong: "pionts", right: "points" },
      },
      {
        line: 5,
        message: "Divert target not found: '-> frgae'",
        suggestion: { wrong: "frgae", right: "frage" },
      },
    ]);
    const fixed = opsInkCompiled.parse(
      (
        await ops(app, "POST", "/pack/draft/compile", {
          path,
          text: "VAR points = 0\n- (frage)\n~ points = 2\n-> END\n",
        })
      ).json,
    );
    expect(fixed.problems).toEqual([]);
    const refused = await ops(app, "POST", "/pack/draft/compile", { path: "game.yaml", text });
    expect([refused.status, refused.text]).toEqual([
      400,
      expect.stringContaining("not an ink script"),
    ]);
  });

  it("takes a medium into the draft, and refuses a renamed or oversized file with a reason", async () => {
    const app = await instance();
    const png = await readFile(resolve(repoRoot, "content/demo/intro/1.png"));
    const upload = async (path: string, type: string, bytes: Buffer, replaces?: string) => {
      const query = new URLSearchParams({ path, ...(replaces !== undefined && { replaces }) });
      const response = await fetch(`${app.url}/api/ops/pack/draft/media?${query}`, {
        method: "PUT",
        headers: { ...BEARER, "content-type": type },
        body: bytes,
      });
      return { status: response.status, text: await response.text() };
    };
    const path = "stations/1-marktplatz/rathaus.png";
    const stored = await upload(path, "image/png", png);
    expect(stored.status).toBe(200);
    expect(opsDraftSaveOutcome.parse(JSON.parse(stored.text))).toMatchObject({
      ok: true,
      file: { path, state: "added", size: png.length },
    });
    // A second upload that does not name the first is refused: nothing is overwritten.
    const again = await upload(path, "image/png", png.subarray(0, png.length - 1));
    expect(again.status).toBe(409);
    expect(opsDraftSaveOutcome.parse(JSON.parse(again.text))).toMatchObject({
      ok: false,
      theirs: { path, text: "" },
      changes: [],
    });
    const refusals: [string, string, Buffer, number, string][] = [
      ["stations/1-marktplatz/foto.jpg", "image/jpeg", png, 415, "was it renamed?"],
      [
        "stations/1-marktplatz/foto.png",
        "image/png",
        Buffer.alloc(21 * 1024 * 1024, 1),
        413,
        "at most 20 MB",
      ],
      ["stations/1-marktplatz/foto.bmp", "image/png", png, 400, "not a medium the app shows"],
      ["stations/1-marktplatz/foto.png", "text/plain", png, 415, ""],
    ];
    for (const [file, type, bytes, status, reason] of refusals) {
      const answer = await upload(file, type, bytes);
      expect([answer.status, answer.text], file).toEqual([status, expect.stringContaining(reason)]);
    }
    // A phone's photo is made as large as the app shows it, without its metadata.
    const photo = await sharp({
      create: { width: 4000, height: 3000, channels: 3, background: "#2c7a69" },
    })
      .jpeg()
      .toBuffer();
    const fitted = await upload("stations/1-marktplatz/handy.jpg", "image/jpeg", photo);
    expect(fitted.status).toBe(200);
    const size = opsDraftSaveOutcome.parse(JSON.parse(fitted.text));
    expect(size.ok && size.file.size).toBeLessThan(photo.length);
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 7)]);
    const unreadable = await upload("stations/1-marktplatz/kaputt.jpg", "image/jpeg", broken);
    expect([unreadable.status, unreadable.text]).toEqual([
      415,
      "the image cannot be read: is the file whole?",
    ]);
    // The draft's check takes the new image (no station names it yet).
    const check = opsDraftCheck.parse((await ops(app, "POST", "/pack/draft/check", {})).json);
    expect(check.errors).toBe(0);
  });

  if (dialect.name === "PostgreSQL") {
    it("publishes a draft on one instance, and the other runs it within 2 s", async () => {
      const a = await instance();
      const b = await instance();
      const game = opsDraftText.parse(
        (await ops(b, "GET", "/pack/draft/file?path=game.yaml")).json,
      );
      const text = retitle(game.text, "Aus dem Studio");
      expect(
        (await ops(b, "PUT", "/pack/draft/file", { path: "game.yaml", text, replaces: game.hash }))
          .status,
      ).toBe(200);
      // The draft is the deployment's: the other instance sees the change.
      expect(opsDraft.parse((await ops(a, "GET", "/pack/draft")).json).changed).toBe(1);
      expect((await ops(b, "POST", "/pack/draft/publish", {})).status).toBe(200);
      const took = await until(async () => (await titleOn(a)) === "Aus dem Studio", 2000);
      expect(took).toBeLessThan(2000);
    }, 60_000);
  }
});
