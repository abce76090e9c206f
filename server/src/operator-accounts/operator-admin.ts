import { randomBytes } from "node:crypto";
import { operatorName, opsRoles } from "@wegmarke/protocol";
import type { OpsRole } from "@wegmarke/protocol";
import { hashPassword } from "../security/passwords";
import type { Clock } from "../clock";
import type { Repositories } from "../store/store";
import { rolesOf } from "./operator-service";
import type { OperatorStore } from "./operator-service";

/** A refusal of the command line the operator can act on: one line, exit status 1. */
export class OperatorAdminError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "OperatorAdminError";
  }
}

/** A one-time password: 120 random bits in 20 URL-safe characters. */
export function newOperatorPassword(): string {
  return randomBytes(15).toString("base64url");
}

/** Who changes the operators, for the audit log: the command line, or the console's caller. */
export type ChangedBy = { via: string; operator: string | null };

const CLI: ChangedBy = { via: "cli", operator: null };

/** Writes a change to the audit log, inside the caller's transaction. */
function audit(
  repos: Pick<Repositories, "operators">,
  at: string,
  by: ChangedBy,
  action: string,
  detail: string,
) {
  return repos.operators.audit({ at, via: by.via, operator: by.operator, action, detail });
}

function checkedName(name: string): string {
  const lower = name.toLowerCase();
  if (!operatorName.safeParse(lower).success) {
    throw new OperatorAdminError(
      `invalid name ${JSON.stringify(name)}: 1-40 letters, digits, . _ - (stored in lowercase)`,
    );
  }
  return lower;
}

/** Roles as the command line takes them: `author,host`, `author`, `host`, or `viewer`. */
export function parseRoles(text: string): OpsRole[] {
  if (text === "viewer") return [];
  const given = text.split(",").map((role) => role.trim());
  const unknown = given.filter((role) => !(opsRoles as readonly string[]).includes(role));
  if (given.length === 0 || unknown.length > 0) {
    throw new OperatorAdminError(
      `invalid roles ${JSON.stringify(text)}: author, host, author,host or viewer`,
    );
  }
  return opsRoles.filter((role) => given.includes(role));
}

/** Roles as stored and printed: `author,host`, or `viewer` for none. */
export function rolesText(roles: readonly OpsRole[]): string {
  return roles.length === 0 ? "viewer" : roles.join(",");
}

/**
 * Creates an operator with a random password, which is answered (to be shown once: only its
 * argon2id hash is stored), and writes it to the audit log.
 */
export async function addOperator(
  store: OperatorStore,
  clock: Clock,
  name: string,
  roles: readonly OpsRole[] = opsRoles,
  by: ChangedBy = CLI,
): Promise<{ name: string; password: string }> {
  const checked = checkedName(name);
  const password = newOperatorPassword();
  const passwordHash = await hashPassword(password);
  const at = clock.now().toISOString();
  await store.transaction(async (repos) => {
    const id = await repos.operators.create(checked, passwordHash, at);
    if (id === undefined) throw new OperatorAdminError(`operator ${checked} exists already`);
    await repos.operators.setRoles(checked, roles.join(","));
    await audit(repos, at, by, "operator.add", `${checked} (${rolesText(roles)})`);
  });
  return { name: checked, password };
}

/** Gives an operator a new random password (answered once) and ends its console sessions. */
export async function resetOperatorPassword(
  store: OperatorStore,
  clock: Clock,
  name: string,
): Promise<{ name: string; password: string }> {
  const checked = checkedName(name);
  const password = newOperatorPassword();
  const passwordHash = await hashPassword(password);
  const at = clock.now().toISOString();
  await store.transaction(async (repos) => {
    const operator = await repos.operators.findByName(checked);
    if (!operator) throw new OperatorAdminError(`no operator ${checked}`);
    await repos.operators.setPassword(operator.id, passwordHash);
    await audit(repos, at, CLI, "operator.reset", checked);
  });
  return { name: checked, password };
}

/** Sets what an operator may do; it takes effect at the operator's next call. */
export async function setOperatorRoles(
  store: OperatorStore,
  clock: Clock,
  name: string,
  roles: readonly OpsRole[],
  by: ChangedBy = CLI,
): Promise<void> {
  const checked = checkedName(name);
  const at = clock.now().toISOString();
  await store.transaction(async (repos) => {
    if (!(await repos.operators.setRoles(checked, roles.join(",")))) {
      throw new OperatorAdminError(`no operator ${checked}`);
    }
    await audit(repos, at, by, "operator.roles", `${checked}: ${rolesText(roles)}`);
  });
}

/** Every operator: name, roles and creation time. */
export async function listOperators(
  store: OperatorStore,
): Promise<{ name: string; roles: string; createdAt: string }[]> {
  const rows = await store.repos.operators.list();
  return rows.map(({ name, roles, createdAt }) => ({
    name,
    roles: rolesText(rolesOf(roles)),
    createdAt,
  }));
}

/** Deletes an operator and its console sessions; the audit log keeps its name. */
export async function removeOperator(
  store: OperatorStore,
  clock: Clock,
  name: string,
): Promise<void> {
  const checked = checkedName(name);
  const at = clock.now().toISOString();
  await store.transaction(async (repos) => {
    if (!(await repos.operators.remove(checked))) {
      throw new OperatorAdminError(`no operator ${checked}`);
    }
    await audit(repos, at, CLI, "operator.remove", checked);
  });
}
