import { OpsReason } from "@wegmarke/protocol";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { ServiceError } from "../../errors";
import type { OpsCaller } from "../../operator-accounts/operator-service";
import { assertCallerRole, requireDeclaredRoles } from "./roles";

function session(roles: ("author" | "host")[]): OpsCaller {
  return {
    via: "session",
    name: "probe",
    tokenHash: "hash",
    expiresAt: "2026-11-28T23:00:00.000Z",
    passwordChangeRequired: false,
    roles,
  };
}

function refusal(caller: OpsCaller, role: Parameters<typeof assertCallerRole>[1]) {
  try {
    assertCallerRole(caller, role);
    return "open";
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return `${error.status} ${error.message}`;
  }
}

describe("an operator route's role", () => {
  it("refuses to register a route that states none", async () => {
    const app = Fastify();
    requireDeclaredRoles(app);
    app.get("/stated", { config: { role: "viewer" } }, async () => "ok");
    const registered = async () => {
      await app.register(async (inner) => {
        inner.get("/unstated", async () => "ok");
      });
      await app.ready();
    };
    await expect(registered()).rejects.toThrow(/GET \/unstated: an operator route states its role/);
  });

  it("opens a route to the roles it states, and to the token", () => {
    const author = session(["author"]);
    const host = session(["host"]);
    const viewer = session([]);
    expect(refusal(viewer, "viewer")).toBe("open");
    expect(refusal(viewer, "author")).toBe(`403 ${OpsReason.authorRequired}`);
    expect(refusal(author, "author")).toBe("open");
    expect(refusal(author, "host")).toBe(`403 ${OpsReason.hostRequired}`);
    expect(refusal(host, ["host", "author"])).toBe("open");
    expect(refusal(viewer, ["host", "author"])).toBe(`403 ${OpsReason.roleRequired}`);
    expect(refusal({ via: "token" }, "host")).toBe("open");
  });

  it("refuses everyone a route that states no role", () => {
    expect(refusal(session(["author", "host"]), undefined)).toBe(`403 ${OpsReason.roleRequired}`);
    expect(refusal({ via: "token" }, undefined)).toBe(`403 ${OpsReason.roleRequired}`);
  });
});
