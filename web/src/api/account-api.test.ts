import { afterEach, describe, expect, it, vi } from "vitest";
import { changePassword, loginWithPhone, registerBySms, requestPasswordReset } from "./account-api";
import { toApiError } from "./api-error";
import { deleteAccount } from "./outro-api";
import { createTeamInvite, joinTeam } from "./team-api";

type Sent = { url: string; method: string | undefined; body: unknown };
const sent: Sent[] = [];

/** A fake server: an answer per path ending, `{ value: "ok" }` for any other path. */
function serve(answers: Record<string, () => Response>) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      sent.push({
        url,
        method: init?.method,
        body: init?.body === undefined ? undefined : JSON.parse(String(init.body)),
      });
      const path = Object.keys(answers).find((end) => url.split("?")[0]?.endsWith(end));
      const answer = path === undefined ? undefined : answers[path];
      return answer === undefined ? Response.json({ value: "ok" }) : answer();
    }),
  );
}

async function failure(promise: Promise<unknown>) {
  return promise.then(
    () => {
      throw new Error("expected a rejection");
    },
    (error: unknown) => toApiError(error),
  );
}

const accountBase = "/api/account/";

afterEach(() => {
  vi.unstubAllGlobals();
  sent.length = 0;
});

describe("login", () => {
  it("sends the normalised phone number and the trimmed password", async () => {
    serve({ "player/login/phone": () => Response.json({ value: "token-1" }) });
    const signedIn = await loginWithPhone({
      accountBase,
      phone: "+49 171 / 123-4567",
      password: " pw ",
    });
    expect(signedIn).toEqual({ token: "token-1", code: null });
    expect(sent).toEqual([
      {
        url: "/api/account/player/login/phone",
        method: "POST",
        body: { phone: "00491711234567", password: "pw" },
      },
    ]);
  });

  it("hands back the password as the code while it is still the SMS code", async () => {
    serve({
      "player/login/phone": () => Response.json({ value: "token-3", passwordIsCode: true }),
    });
    const signedIn = await loginWithPhone({ accountBase, phone: "0171", password: " 482913 " });
    expect(signedIn).toEqual({ token: "token-3", code: "482913" });
  });

  it("falls back to verification with the password as the SMS code when answered 411", async () => {
    serve({
      "player/login/phone": () => new Response("not verified", { status: 411 }),
      "player/optin/sms/verify": () => Response.json({ value: "token-2" }),
    });
    const signedIn = await loginWithPhone({
      accountBase,
      phone: "0171 1234567",
      password: "482913",
    });
    // The code became the password: still the code.
    expect(signedIn).toEqual({ token: "token-2", code: "482913" });
    expect(sent.map((call) => [call.url, call.body])).toEqual([
      ["/api/account/player/login/phone", { phone: "01711234567", password: "482913" }],
      ["/api/account/player/optin/sms/verify", { phone: "01711234567", smscode: "482913" }],
    ]);
  });

  it("rejects with the verification's error when the fallback fails too", async () => {
    serve({
      "player/login/phone": () => new Response("not verified", { status: 411 }),
      "player/optin/sms/verify": () => new Response("invalid code", { status: 430 }),
    });
    const error = await failure(loginWithPhone({ accountBase, phone: "0171", password: "1" }));
    expect(error).toEqual({ code: "430", reason: "invalid code" });
  });

  it("does not fall back on other errors", async () => {
    serve({ "player/login/phone": () => new Response("login failed", { status: 430 }) });
    const error = await failure(loginWithPhone({ accountBase, phone: "0171", password: "x" }));
    expect(error.code).toBe("430");
    expect(sent).toHaveLength(1);
  });

  it("rejects locally with 000 when phone or password is missing", async () => {
    serve({});
    const noPhone = await failure(loginWithPhone({ accountBase, phone: "abc", password: "x" }));
    const noPassword = await failure(loginWithPhone({ accountBase, phone: "0171", password: " " }));
    expect([noPhone.code, noPassword.code]).toEqual(["000", "000"]);
    expect(sent).toEqual([]);
  });
});

describe("registration and passwords", () => {
  it("registers with first name, normalised phone, story and language", async () => {
    serve({});
    await registerBySms({
      accountBase,
      storyId: "marburg",
      language: "en",
      firstName: " Ida ",
      phone: "+49 171 1234567",
    });
    expect(sent[0]?.body).toEqual({
      first_name: "Ida",
      phone: "00491711234567",
      story_id: "marburg",
      language: "en",
    });
  });

  it("asks for a reset link by phone or by token", async () => {
    serve({});
    await requestPasswordReset({ accountBase, phone: "0171 1234567" });
    await requestPasswordReset({ accountBase, token: "abc" });
    expect(sent.map((call) => call.body)).toEqual([{ Phone: "01711234567" }, { Hash: "abc" }]);
    const missing = await failure(requestPasswordReset({ accountBase, phone: " " }));
    expect(missing.code).toBe("000");
  });

  it("changes the password with PUT: by reset link, or signed in with the current one", async () => {
    serve({});
    await changePassword({ accountBase, password: "geheim1", token: "reset-1" });
    await changePassword({ accountBase, password: "geheim2", token: "abc", current: " geheim1 " });
    expect(sent).toEqual([
      {
        url: "/api/account/player/changepass",
        method: "PUT",
        body: { password: "geheim1", token: "reset-1" },
      },
      {
        url: "/api/account/player/changepass",
        method: "PUT",
        body: { password: "geheim2", token: "abc", current: "geheim1" },
      },
    ]);
  });

  it("rejects with the server's reasons of a refused change", async () => {
    serve({ "player/changepass": () => new Response("password too common", { status: 400 }) });
    const error = await failure(
      changePassword({ accountBase, password: "passwort", token: "abc", current: "geheim1" }),
    );
    expect(error).toEqual({ code: "400", reason: "password too common" });
  });
});

describe("team and deletion calls", () => {
  it("invites and joins", async () => {
    serve({ "team/invite": () => Response.json({ value: "ABCD2345" }) });
    expect(await createTeamInvite({ gameBase: "/api/game/", token: "abc" })).toBe("ABCD2345");
    await joinTeam({ gameBase: "/api/game/", token: "a+b/c", code: " xyz " });
    expect(sent.map((call) => [call.method, call.url, call.body])).toEqual([
      ["POST", "/api/game/team/invite", { Hash: "abc" }],
      ["GET", "/api/game/team/join?hash=a%2Bb%2Fc&tjr=xyz", undefined],
    ]);
    const missing = await failure(joinTeam({ gameBase: "/g/", token: "abc", code: "" }));
    expect(missing.code).toBe("000");
  });

  it("deletes the account with outro/activate and Skip", async () => {
    serve({});
    await deleteAccount({ gameBase: "/api/game/", token: "abc" });
    expect(sent[0]?.url).toBe("/api/game/outro/activate");
    expect(sent[0]?.body).toEqual({ Skip: true, Hash: "abc" });
  });
});
