import { afterEach, describe, expect, it, vi } from "vitest";
import { toApiError } from "./api-error";
import { activateStation } from "./station-api";
import { optinAnonymous } from "./account-api";
import { sendAnswer } from "./answer-api";

const calls: { url: string; init: RequestInit | undefined }[] = [];

function answerWith(response: () => Response | Promise<Response>) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      return response();
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

afterEach(() => {
  vi.unstubAllGlobals();
  calls.length = 0;
});

describe("calls", () => {
  it("post JSON, CORS, without cache to the base", async () => {
    answerWith(() => Response.json({ value: "ok" }));
    await activateStation({ gameBase: "/api/game/", stationId: 2, token: "abc", language: "en" });
    expect(calls[0]?.url).toBe("/api/game/station/activate");
    expect(calls[0]?.init).toMatchObject({ method: "POST", mode: "cors", cache: "no-store" });
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({
      StationID: 2,
      Hash: "abc",
      Language: "en",
    });
  });

  it("resolve to the token that optin/anon returns", async () => {
    answerWith(() => Response.json({ value: "token-1" }));
    const token = await optinAnonymous({
      accountBase: "/api/account/",
      apiVersion: 1,
      storyId: "marburg",
      language: "de",
    });
    expect(token).toBe("token-1");
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({
      story_id: "marburg",
      language: "de",
    });
  });

  it("with API version 2 ask for a token (GET optin/token) and send it with optin/anon", async () => {
    answerWith(() =>
      Response.json({
        value: calls.length === 1 ? { token: { realm: "marburg", id: "t-7" } } : "token-2",
      }),
    );
    const token = await optinAnonymous({
      accountBase: "/api/account/",
      apiVersion: 2,
      storyId: "marburg",
      language: "de",
    });
    expect(token).toBe("token-2");
    expect(calls.map(({ url, init }) => [url, init?.method])).toEqual([
      ["/api/account/player/optin/token", "GET"],
      ["/api/account/player/optin/anon", "POST"],
    ]);
    expect(JSON.parse(String(calls[1]?.init?.body))).toEqual({
      story_id: "marburg",
      language: "de",
      token: { realm: "marburg", id: "t-7" },
    });
  });

  it("reject with the HTTP status as code and the trimmed body as reason", async () => {
    answerWith(() => new Response("  no answer expected\n", { status: 400 }));
    const error = await failure(
      sendAnswer({ gameBase: "/api/game/", stationId: 1, token: "abc", answer: "Hahn" }),
    );
    expect(error).toEqual({ code: "400", reason: "no answer expected" });
  });

  it("reject with code 000 on a network failure", async () => {
    answerWith(() => Promise.reject(new TypeError("Failed to fetch")));
    const error = await failure(
      activateStation({ gameBase: "/g/", stationId: 1, token: "a", language: "de" }),
    );
    expect(error).toEqual({ code: "000", reason: "network unreachable" });
  });

  it("reject locally with code 000 when inputs are missing", async () => {
    answerWith(() => Response.json({ value: "ok" }));
    const missingToken = await failure(
      sendAnswer({ gameBase: "/g/", stationId: 1, token: "", answer: "Hahn" }),
    );
    const missingStory = await failure(
      optinAnonymous({ accountBase: "/a/", apiVersion: 1, storyId: " ", language: "de" }),
    );
    expect(missingToken.code).toBe("000");
    expect(missingStory.code).toBe("000");
    expect(calls).toEqual([]);
  });

  it("reject with code 000 when the answer does not fit the protocol", async () => {
    answerWith(() => Response.json({ value: 42 }));
    const error = await failure(
      activateStation({ gameBase: "/g/", stationId: 1, token: "a", language: "de" }),
    );
    expect(error.code).toBe("000");
  });
});
