import { OpsReason } from "@wegmarke/protocol";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { ServiceError } from "../../errors";
import type { OpsCaller } from "../../operator-accounts/ops-caller";
import { assertCallerRole, requireDeclaredRoles } from "./roles";

function session(
  roles: ("author" | "host")[],
  { member = true, admin = false }: { member?: boolean; admin?: boolean } = {},
): OpsCaller {
  return {
    via: "session",
    id: 1,
    member,
    admin,
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

  it("opens a game's routes to its operators and the admin, the installation's to every operator", () => {
    const stranger = session(["author", "host"], { member: false });
    const admin = session([], { member: false, admin: true });
    expect(refusal(stranger, "viewer")).toBe(`403 ${OpsReason.notYourGame}`);
    expect(refusal(stranger, "author")).toBe(`403 ${OpsReason.notYourGame}`);
    expect(refusal(stranger, "operator")).toBe("open");
    expect(refusal(stranger, "admin")).toBe(`403 ${OpsReason.adminRequired}`);
    expect(refusal(session(["author", "host"]), "admin")).toBe(`403 ${OpsReason.adminRequired}`);
    expect(refusal(admin, "viewer")).toBe("open");
    expect(refusal(admin, "admin")).toBe("open");
    expect(refusal(admin, "host")).toBe(`403 ${OpsReason.hostRequired}`);
    expect(refusal({ via: "token" }, "admin")).toBe("open");
  });

  it("refuses everyone a route that states no role", () => {
    expect(refusal(session(["author", "host"]), undefined)).toBe(`403 ${OpsReason.roleRequired}`);
    expect(refusal({ via: "token" }, undefined)).toBe(`403 ${OpsReason.roleRequired}`);
  });
});
