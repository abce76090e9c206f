import { execFile } from "node:child_process";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, phonePage, screenshot } from "../support/browser";
import { addOperator, signInNewOperator } from "../support/operators";
import { joinForFree, settle } from "../support/play";
import { repoRoot, startServer, type RunningServer } from "../support/server";

const OPERATOR_TOKEN = "games-e2e-operator-token-".padEnd(40, "t");

/**
 * One server, two games (decisions/054): the demo at `/webapp/`, and "hafen", made on the
 * command line while the server runs (`npm run game -- add`), at `/g/hafen/webapp/`. One phone
 * plays both as two players; news sent in one game reach only its players.
 */
describe("a second game on the same server", () => {
  let server: RunningServer;
  let browser: Browser | undefined;
  let context: BrowserContext;
  let second: Page;
  let first: Page;
  let folder: string;

  beforeAll(async () => {
    server = await startServer({ OPERATOR_TOKEN });
    folder = await mkdtemp(join(tmpdir(), "wegmarke-e2e-game-"));
    const pack = join(folder, "hafen");
    await cp(join(repoRoot, "content/demo"), pack, { recursive: true });
    const yaml = await readFile(join(pack, "game.yaml"), "utf8");
    await writeFile(
      join(pack, "game.yaml"),
      yaml.replace("de: Märchenhaftes Marburg", "de: Rundgang am Hafen"),
    );
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [join(repoRoot, "server/dist/game-admin.js"), "add", "hafen", pack],
      { env: { ...process.env, ...server.env, DATA_DIR: folder } },
    );
    expect(stdout).toContain('game hafen: "Rundgang am Hafen" at');
    browser = await launchBrowser();
    ({ context, page: second } = await phonePage(browser, server.url));
    first = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await rm(folder, { recursive: true, force: true });
  });

  const sendNews = async (base: string, de: string) => {
    const sent = await fetch(`${server.url}${base}/api/ops/news`, {
      method: "POST",
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ text: { de, en: de } }),
    });
    expect(sent.status, await sent.text()).toBe(200);
  };

  const newsOf = async (page: Page) => {
    await page
      .getByRole("navigation", { name: "Bereiche" })
      .getByRole("link", { name: /Neuigkeiten/ })
      .click();
    return page.getByRole("region", { name: "Neuigkeiten" });
  };

  it("plays the second game at its own address, under its own title", async () => {
    await joinForFree(second, "/g/hafen/webapp/station/1");
    await second.getByRole("heading", { name: "Der Marktplatz" }).waitFor();
    await second.goto("/g/hafen/webapp/");
    await second.getByRole("heading", { name: "Neuigkeiten" }).waitFor();
    await expect.poll(() => second.title()).toContain("Rundgang am Hafen");
    // Added to the home screen, the phone gets this game: its own manifest.
    const manifest = second.locator('link[rel="manifest"]');
    expect(await manifest.getAttribute("href")).toBe("/g/hafen/webapp/manifest.webmanifest");
    const installed = await second.evaluate(async () => {
      const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
      return ((await (await fetch(link?.href ?? "")).json()) as { start_url: string }).start_url;
    });
    expect(installed).toBe("/g/hafen/webapp/");
    await settle(second);
    await screenshot(second, "games-01-second-game");
  });

  it("makes the same phone a new player in the first game, which the second's sign-in does not reach", async () => {
    await joinForFree(first, "/webapp/station/2");
    await first.goto("/webapp/");
    await first.getByRole("heading", { name: "Neuigkeiten" }).waitFor();
    await expect.poll(() => first.title()).toContain("Märchenhaftes Marburg");
    const keys = await first.evaluate(() => Object.keys(localStorage).sort());
    expect(keys).toEqual(expect.arrayContaining(["wegmarke.config", "wegmarke.g.hafen.config"]));
  });

  it("shows news of one game to its players only", async () => {
    await sendNews("/g/hafen", "Treffpunkt am Kran um drei.");
    await sendNews("", "Das Finale ist am Markt.");
    const there = await newsOf(second);
    await there.getByText("Treffpunkt am Kran um drei.").waitFor();
    const here = await newsOf(first);
    await here.getByText("Das Finale ist am Markt.").waitFor();
    expect(await there.getByText("Das Finale ist am Markt.").count()).toBe(0);
    expect(await here.getByText("Treffpunkt am Kran um drei.").count()).toBe(0);
    await settle(second);
    await screenshot(second, "games-02-second-game-news");
  });

  it("lets an operator switch the console to the second game, whose news it then shows", async () => {
    if (browser === undefined) throw new Error("no browser");
    const { page: ops } = await phonePage(browser, server.url);
    await signInNewOperator(ops, "lena", addOperator(server, "lena"), "Hafen-Kran-1");
    await ops.goto("/ops/news");
    const news = ops.getByRole("main");
    await news.getByText("Das Finale ist am Markt.").first().waitFor();
    const choice = ops.getByLabel("Spiel", { exact: true });
    expect(await choice.locator("option").allInnerTexts()).toEqual([
      "Märchenhaftes Marburg",
      "Rundgang am Hafen",
    ]);
    await choice.selectOption({ label: "Rundgang am Hafen" });
    await ops.waitForURL(/\/ops\/$/);
    await ops.getByRole("link", { name: "Neuigkeiten" }).click();
    await news.getByText("Treffpunkt am Kran um drei.").first().waitFor();
    expect(await news.getByText("Das Finale ist am Markt.").count()).toBe(0);
    expect(await ops.getByLabel("Spiel", { exact: true }).inputValue()).toBe("hafen");
    await settle(ops);
    await screenshot(ops, "games-03-console-second-game");
  });

  it("shows an operator with roles in the second game only that game, and nothing of the first", async () => {
    if (browser === undefined) throw new Error("no browser");
    const { page: ops } = await phonePage(browser, server.url);
    const password = addOperator(server, "kai", "author,host", "hafen");
    // The console opens at the first game, which is not theirs, and goes on to theirs.
    await signInNewOperator(ops, "kai", password, "Hafen-Kai-2026");
    await ops.getByRole("link", { name: "Neuigkeiten" }).click();
    const news = ops.getByRole("main");
    await news.getByText("Treffpunkt am Kran um drei.").first().waitFor();
    expect(await news.getByText("Das Finale ist am Markt.").count()).toBe(0);
    // One game to see: no choice in the header, its name; the first game's API refuses them.
    expect(await ops.getByLabel("Spiel", { exact: true }).count()).toBe(0);
    await ops.getByText("Spiel: Rundgang am Hafen").waitFor();
    const refused = await ops.evaluate(async () => {
      const answers = await Promise.all(
        ["/api/ops/news", "/api/ops/overview", "/api/ops/players"].map(async (path) => {
          const response = await fetch(path);
          return `${response.status} ${await response.text()}`;
        }),
      );
      const games = (await (await fetch("/api/ops/games")).json()) as { games: { name: string }[] };
      return { answers, games: games.games.map((game) => game.name) };
    });
    expect(refused).toEqual({
      answers: Array(3).fill("403 no role in this game: an admin gives one"),
      games: ["hafen"],
    });
    await settle(ops);
    await screenshot(ops, "games-04-console-own-game-only");
  });

  it("opens the second game without a network: its own worker, its own pictures", async () => {
    await second.goto("/g/hafen/webapp/station");
    const scope = await second.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(new URL(scope).pathname).toBe("/g/hafen/webapp/");
    const controlled = () => second.evaluate(() => navigator.serviceWorker.controller !== null);
    await expect.poll(controlled, { timeout: 30_000 }).toBe(true);
    /** Whether every image of the page shows (lazy ones are scrolled to first). */
    const imagesShown = async () => {
      for (const image of await second.locator("img").all()) await image.scrollIntoViewIfNeeded();
      return second.evaluate(() => {
        const images = Array.from(document.images);
        return images.length > 0 && images.every((image) => image.complete && image.naturalWidth);
      });
    };
    // Seen once with its worker in charge: the pictures are in its cache.
    await second.reload();
    await second.getByRole("link", { name: /Das Landgrafenschloss/ }).waitFor();
    await expect.poll(imagesShown).toBe(true);
    const devtools = await context.newCDPSession(second);
    await devtools.send("Network.clearBrowserCache");
    await devtools.detach();
    await context.setOffline(true);
    try {
      await second.reload();
      await second.getByRole("link", { name: /Das Landgrafenschloss/ }).waitFor();
      await expect.poll(imagesShown).toBe(true);
      expect(new URL(second.url()).pathname).toBe("/g/hafen/webapp/station");
      await settle(second);
      await screenshot(second, "games-05-second-game-offline");
    } finally {
      await context.setOffline(false);
    }
  });
});
