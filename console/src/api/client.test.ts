import { opsMe, opsReloadOutcome } from "@wegmarke/protocol";
import { describe, expect, it, vi } from "vitest";
import { textsOf } from "../i18n/i18n";
import { fakeServer, json, text } from "../test/fake-server";
import { ApiError, call, failure, onSignInRequired } from "./client";
import { errorText } from "./error-text";

const me = {
  name: "anna",
  roles: ["host"],
  member: true,
  admin: false,
  via: "session",
  expiresAt: "2026-11-26T10:00:00Z",
};

describe("a call of the operator API", () => {
  it("sends JSON to /api/ops/ and reads the answer with the schema", async () => {
    const server = fakeServer({ "POST /api/ops/session": ({ body }) => json({ ...me, body }) });
    await expect(
      call("/session", { method: "POST", body: { name: "anna" }, schema: opsMe }),
    ).resolves.toEqual(me);
    expect(server.requests).toMatchObject([
      { method: "POST", path: "/api/ops/session", body: { name: "anna" } },
    ]);
  });

  it("fails with the server's plain-text reason, which the operator reads", async () => {
    fakeServer({ "GET /api/ops/me": () => text("too many attempts\n", 429) });
    const error = await call("/me", { schema: opsMe }).catch((failure: unknown) => failure);
    expect(error).toEqual(new ApiError("status", 429, "too many attempts"));
    expect(errorText(error, textsOf("en"))).toBe("The server answered 429: too many attempts");
  });

  it("says in a sentence what a proxy's error page means, never showing the page", async () => {
    const page = (status: number, title: string) =>
      new Response(`<html><head><title>${title}</title></head><body>nginx</body></html>`, {
        status,
        headers: { "content-type": "text/html" },
      });
    fakeServer({
      "POST /api/ops/pack/import": () => page(413, "413 Request Entity Too Large"),
      "GET /api/ops/me": () => page(502, "502 Bad Gateway"),
      // Caddy's answer when the server is gone: no body, no type.
      "GET /api/ops/players": () => new Response(null, { status: 503 }),
      "GET /api/ops/audit": () => page(500, "500 Internal Server Error"),
    });
    const zip = new Blob([new Uint8Array(8)], { type: "application/zip" });
    const tooLarge = await call("/pack/import", { method: "POST", body: zip, schema: opsMe }).catch(
      (failed: unknown) => failed,
    );
    expect(tooLarge).toEqual(new ApiError("page", 413));
    expect(errorText(tooLarge, textsOf("en"))).toBe(
      "The file is larger than the server in front of the game accepts. Whoever runs the game can allow larger files there.",
    );
    expect(errorText(tooLarge, textsOf("de"))).toBe(
      "Die Datei ist größer, als der Server vor dem Spiel annimmt. Wer das Spiel betreibt, kann dort größere Dateien zulassen.",
    );
    for (const path of ["/me", "/players"]) {
      const gone = await call(path, { schema: opsMe }).catch((failed: unknown) => failed);
      expect(errorText(gone, textsOf("en"))).toBe(
        "The game's server cannot be reached right now. Try again in a moment.",
      );
    }
    const other = await call("/audit", { schema: opsMe }).catch((failed: unknown) => failed);
    expect(errorText(other, textsOf("de"))).toBe(
      "Der Server vor dem Spiel antwortete 500, ohne einen Grund zu nennen. Bitte gleich noch einmal versuchen oder bei der Person nachfragen, die das Spiel betreibt.",
    );
  });

  it("still shows the server's own plain-text refusal of a file too large", async () => {
    const reason = "a zipped pack may have at most 512 MB";
    fakeServer({ "POST /api/ops/pack/import": () => text(reason, 413) });
    const zip = new Blob([new Uint8Array(8)], { type: "application/zip" });
    const refused = await call("/pack/import", { method: "POST", body: zip, schema: opsMe }).catch(
      (failed: unknown) => failed,
    );
    expect(errorText(refused, textsOf("en"))).toBe(`The server answered 413: ${reason}`);
    // The studio's upload (XMLHttpRequest, upload.ts) reads its answer the same way.
    expect(failure(413, "text/plain; charset=utf-8", `${reason}\n`, "")).toEqual(
      new ApiError("status", 413, reason),
    );
    expect(failure(413, "text/html", "<html>413</html>", "Payload Too Large")).toEqual(
      new ApiError("page", 413),
    );
  });

  it("tells the console when the session is gone, and only then", async () => {
    const gone = vi.fn();
    const undo = onSignInRequired(gone);
    fakeServer({
      "GET /api/ops/me": () => text("operator sign-in required", 401),
      "POST /api/ops/session": () => text("sign-in failed", 401),
    });
    await expect(call("/me", { schema: opsMe })).rejects.toThrow(ApiError);
    expect(gone).toHaveBeenCalledTimes(1);
    await expect(call("/session", { method: "POST", body: {}, schema: opsMe })).rejects.toThrow(
      ApiError,
    );
    expect(gone).toHaveBeenCalledTimes(1);
    undo();
    await expect(call("/me", { schema: opsMe })).rejects.toThrow(ApiError);
    expect(gone).toHaveBeenCalledTimes(1);
  });

  it("reads an accepted error status's JSON like an answer (the refused reload)", async () => {
    const refused = { ok: false, problems: [{ file: "game.yaml", message: "bad" }] };
    fakeServer({ "POST /api/ops/content/reload": () => json(refused, 422) });
    await expect(
      call("/content/reload", {
        method: "POST",
        body: {},
        schema: opsReloadOutcome,
        accept: [422],
      }),
    ).resolves.toEqual(refused);
  });

  it("names a missing connection and an answer that does not fit apart", async () => {
    vi.stubGlobal("fetch", () => Promise.reject(new TypeError("Failed to fetch")));
    const offline = await call("/me", { schema: opsMe }).catch((failure: unknown) => failure);
    expect(errorText(offline, textsOf("de"))).toBe("Keine Verbindung zum Server.");

    fakeServer({ "GET /api/ops/me": () => json({ name: 3 }) });
    const odd = await call("/me", { schema: opsMe }).catch((failure: unknown) => failure);
    expect(errorText(odd, textsOf("en"))).toBe("The server's answer was not understood.");
  });

  it("passes a cancelled call's AbortError on, not as a failure of the server", async () => {
    vi.stubGlobal("fetch", (_input: unknown, init: RequestInit) => {
      return new Promise((_resolve, reject) =>
        init.signal?.addEventListener("abort", () =>
          reject(new DOMException("aborted", "AbortError")),
        ),
      );
    });
    const controller = new AbortController();
    const pending = call("/me", { schema: opsMe, signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
  });
});
