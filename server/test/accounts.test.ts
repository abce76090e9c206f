import { optinAnonResponse, optinTokenResponse } from "@wegmarke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashToken } from "../src/security/tokens";
import { Api } from "./support/api";
import { demoPack, startApp, tempDir } from "./support/test-app";
import type { TestApp } from "./support/test-app";

let dir: { dir: string; remove(): Promise<void> };

beforeAll(async () => {
  dir = await tempDir();
});

afterAll(async () => {
  await dir.remove();
});

describe("anonymous sign-up (apiVersion 1)", () => {
  let app: TestApp;
  let api: Api;

  beforeAll(async () => {
    app = await startApp({ dbFile: `${dir.dir}/v1.sqlite` });
    api = new Api(app.url);
  });

  afterAll(async () => {
    await app.close();
  });

  it("returns a 256-bit token and stores only its hash", async () => {
    const response = await api.post("/api/account/player/optin/anon", { story_id: "marburg" });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const { value: token } = optinAnonResponse.parse(await response.json());
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(await app.store.repos.players.findByTokenHash(token)).toBeUndefined();
    const player = await app.store.repos.players.findByTokenHash(hashToken(token));
    expect(player).toMatchObject({ storyId: "marburg", language: "de" });
  });

  it("keeps a known language and falls back to the pack's for an unknown one", async () => {
    const hash = async (language: string) => hashToken(await api.optin(language));
    expect(await app.store.repos.players.findByTokenHash(await hash("de-formal"))).toMatchObject({
      language: "de-formal",
    });
    expect(await app.store.repos.players.findByTokenHash(await hash("en-US"))).toMatchObject({
      language: "de",
    });
  });

  it("refuses a form-encoded body (415): only JSON, which no cross-site form can send", async () => {
    const response = await fetch(`${app.url}/api/account/player/optin/anon`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "story_id=marburg&language=en",
    });
    expect(response.status).toBe(415);
  });

  it("refuses an unknown story id", async () => {
    const response = await api.post("/api/account/player/optin/anon", { story_id: "berlin" });
    expect(response.status).toBe(400);
    expect(await response.text()).toBe("unknown story_id");
  });

  it("refuses a missing story id naming the field", async () => {
    const response = await api.post("/api/account/player/optin/anon", {});
    expect(response.status).toBe(400);
    expect(await response.text()).toBe("story_id: required");
  });

  it("answers 401 invalid hash to game calls with a missing or unknown token", async () => {
    for (const body of [
      { StationID: 1 },
      { StationID: 1, Hash: "" },
      { StationID: 1, Hash: "x" },
    ]) {
      expect(await api.gameFailure("station/activate", body)).toEqual([401, "invalid hash"]);
    }
    expect(await api.gameFailure("player/answer", { StationID: 1, Answer: "a", Hash: 42 })).toEqual(
      [401, "invalid hash"],
    );
  });
});

describe("anonymous sign-up with a realm token (apiVersion 2)", () => {
  let app: TestApp;
  let api: Api;

  beforeAll(async () => {
    const pack = await demoPack();
    app = await startApp({
      dbFile: `${dir.dir}/v2.sqlite`,
      pack: { ...pack, settings: { ...pack.settings, apiVersion: 2 } },
    });
    api = new Api(app.url);
  });

  afterAll(async () => {
    await app.close();
  });

  async function optinToken() {
    const response = await fetch(`${app.url}/api/account/player/optin/token`);
    expect(response.status).toBe(200);
    return optinTokenResponse.parse(await response.json()).value.token;
  }

  it("issues a token of the pack's realm and accepts it once", async () => {
    const token = await optinToken();
    expect(token.realm).toBe("marburg");
    const body = { story_id: "marburg", token };
    const first = await api.post("/api/account/player/optin/anon", body);
    expect(first.status).toBe(200);
    optinAnonResponse.parse(await first.json());

    const again = await api.post("/api/account/player/optin/anon", body);
    expect(again.status).toBe(400);
    expect(await again.text()).toBe("invalid optin token");
  });

  it("refuses sign-up without a token, with an unknown one or another realm's", async () => {
    const { id } = await optinToken();
    for (const token of [undefined, { realm: "marburg", id: "forged" }, { realm: "berlin", id }]) {
      const response = await api.post("/api/account/player/optin/anon", {
        story_id: "marburg",
        ...(token && { token }),
      });
      expect(response.status).toBe(400);
      expect(await response.text()).toBe("invalid optin token");
    }
  });
});

describe("registration-less mode", () => {
  let app: TestApp;

  beforeAll(async () => {
    const pack = await demoPack();
    app = await startApp({
      dbFile: `${dir.dir}/registration-less.sqlite`,
      pack: { ...pack, settings: { ...pack.settings, registrationLess: true } },
    });
  });

  afterAll(async () => {
    await app.close();
  });

  it("tells the app, which signs players up anonymously without a login screen", async () => {
    const config = await fetch(`${app.url}/webapp/config.json`);
    expect(await config.json()).toMatchObject({ registrationLess: true, storyId: "marburg" });
    const api = new Api(app.url);
    await api.game("station/activate", { StationID: 1, Hash: await api.optin() });
  });
});
