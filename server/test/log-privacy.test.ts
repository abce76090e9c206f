import { teamInviteResponse, tokenResponse } from "@wegmarke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api } from "./support/api";
import { startApp, teamPack, tempDir } from "./support/test-app";
import type { TestApp } from "./support/test-app";

const lines: string[] = [];
let dir: { dir: string; remove(): Promise<void> };
let app: TestApp;
let api: Api;

beforeAll(async () => {
  dir = await tempDir();
  app = await startApp({
    dbFile: `${dir.dir}/db.sqlite`,
    pack: await teamPack(),
    config: { logLevel: "trace" },
    logStream: { write: (line) => void lines.push(line) },
  });
  api = new Api(app.url);
});

afterAll(async () => {
  await app.close();
  await dir.remove();
});

describe("the log", () => {
  it("holds no phone number, name, password, code or token of any account call", async () => {
    const phone = "0171 9998887";
    const secrets: string[] = ["9998887", "Wilhelmine"];
    const { code, token } = await api.register(phone, "+491719998887", "Wilhelmine");
    secrets.push(code, token);
    const [, login] = await api.account("login/phone", { phone, password: code });
    secrets.push(tokenResponse.parse(JSON.parse(login)).value);
    await api.account("login/phone", { phone, password: "falsches-passwort" });
    secrets.push("falsches-passwort");
    await api.account("changepass/phone", { Phone: phone });
    const reset = /token=([0-9a-f]{64})/.exec(await api.lastSms("+491719998887"))?.[1] ?? "";
    secrets.push(reset);
    // The link as the browser opens it: a GET with the token in the query.
    await fetch(`${app.url}/webapp/password?token=${reset}`);
    await api.account("changepass", { password: "neues-passwort", token: reset }, "PUT");
    secrets.push("neues-passwort");
    const [, relogin] = await api.account("login/phone", { phone, password: "neues-passwort" });
    const fresh = tokenResponse.parse(JSON.parse(relogin)).value;
    secrets.push(fresh);
    const invite = await api.post("/api/game/team/invite", { Hash: fresh });
    const tjr = teamInviteResponse.parse(await invite.json()).value;
    secrets.push(tjr);
    const other = await api.optin();
    secrets.push(other);
    await fetch(`${app.url}/api/game/team/join?hash=${other}&tjr=${tjr}`);
    const stream = await api.events(other);
    await stream.next();
    stream.close();
    await api.post("/api/game/outro/activate", { Skip: true, Hash: other });

    const log = lines.join("");
    expect(log).toContain("/api/account/player/login/phone");
    expect(log).toContain("tjr=[redacted]");
    for (const secret of secrets) expect(log, secret).not.toContain(secret);
  });
});
