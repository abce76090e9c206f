import { randomBytes } from "node:crypto";
import { operatorName, opsRoles } from "@wegmarke/protocol";
import type { OpsRole } from "@wegmarke/protocol";
import { hashPassword } from "../security/passwords";
import type { Clock } from "../clock";
import type { Repositories, StoreOf } from "../store/store";
import { rolesOf } from "./ops-caller";
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

/**
 * A game's roles as the command line takes them: `author,host`, `author`, `host`, `viewer`
 * (none besides looking), or `none` (null: the game is not theirs).
 */
export function parseRoles(text: string): OpsRole[] | null {
  if (text === "viewer") return [];
  if (text === "none") return null;
  const given = text.split(",").map((role) => role.trim());
  const unknown = given.filter((role) => !(opsRoles as readonly string[]).includes(role));
  if (given.length === 0 || unknown.length > 0) {
    throw new OperatorAdminError(
      `invalid roles ${JSON.stringify(text)}: author, host, author,host, viewer or none`,
    );
  }
  return opsRoles.filter((role) => given.includes(role));
}

/** A game's roles as stored and printed: `author,host`, `viewer` for none, `none` for no game. */
export function rolesText(roles: readonly OpsRole[] | null): string {
  if (roles === null) return "none";
  return roles.length === 0 ? "viewer" : roles.join(",");
}

/**
 * What a new operator may do: their roles in the store's game (null: none, the game is not
 * theirs), and the installation's admin.
 */
export type NewOperatorRoles = { roles: readonly OpsRole[] | null; admin: boolean };

/** The first operator of an installation, and the command line's default: everything. */
export const EVERY_ROLE: NewOperatorRoles = { roles: opsRoles, admin: true };

/**
 * Creates an operator with a random password, which is answered (to be shown once: only its
 * argon2id hash is stored), with roles in the store's game, and writes it to the audit log.
 */
export async function addOperator(
  store: OperatorStore,
  clock: Clock,
  name: string,
  { roles, admin }: NewOperatorRoles = EVERY_ROLE,
  by: ChangedBy = CLI,
): Promise<{ name: string; password: string }> {
  const checked = checkedName(name);
  const password = newOperatorPassword();
  const passwordHash = await hashPassword(password);
  const at = clock.now().toISOString();
  await store.transaction(async (repos) => {
    const id = await repos.operators.create(checked, passwordHash, at);
    if (id === undefined) throw new OperatorAdminError(`operator ${checked} exists already`);
    if (roles !== null) await repos.operators.setRoles(checked, roles.join(","));
    if (admin) await repos.operators.setAdmin(checked, true);
    const detail = `${checked} (${rolesText(roles)}${admin ? ", admin" : ""})`;
    await audit(repos, at, by, "operator.add", detail);
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

/**
 * Sets what an operator may do in the store's game (null: takes the game from them); it
 * takes effect at the operator's next call.
 */
export async function setOperatorRoles(
  store: OperatorStore,
  clock: Clock,
  name: string,
  roles: readonly OpsRole[] | null,
  by: ChangedBy = CLI,
): Promise<void> {
  const checked = checkedName(name);
  const at = clock.now().toISOString();
  await store.transaction(async (repos) => {
    if (!(await repos.operators.setRoles(checked, roles === null ? null : roles.join(",")))) {
      throw new OperatorAdminError(`no operator ${checked}`);
    }
    await audit(repos, at, by, "operator.roles", `${checked}: ${rolesText(roles)}`);
  });
}

/** Makes an operator the installation's admin, or no longer; from the operator's next call. */
export async function setOperatorAdmin(
  store: OperatorStore,
  clock: Clock,
  name: string,
  admin: boolean,
  by: ChangedBy = CLI,
): Promise<void> {
  const checked = checkedName(name);
  const at = clock.now().toISOString();
  await store.transaction(async (repos) => {
    if (!(await repos.operators.setAdmin(checked, admin))) {
      throw new OperatorAdminError(`no operator ${checked}`);
    }
    await audit(repos, at, by, "operator.admin", `${checked}: ${admin ? "admin" : "no admin"}`);
  });
}

/**
 * Every operator: name, whether admin, the roles in each game they have (`default:author,host
 * hafen:viewer`) and creation time.
 */
export async function listOperators(
  store: StoreOf<Pick<Repositories, "operators" | "games">>,
): Promise<{ name: string; admin: boolean; games: string; createdAt: string }[]> {
  const games = new Map((await store.repos.games.list()).map((game) => [game.id, game.name]));
  const rows = await store.repos.operators.list();
  return Promise.all(
    rows.map(async ({ id, name, admin, createdAt }) => {
      const held = await store.repos.operators.gamesOf(id);
      const text = held
        .map(({ gameId, roles }) => `${games.get(gameId) ?? gameId}:${rolesText(rolesOf(roles))}`)
        .join(" ");
      return { name, admin: admin === 1, games: text, createdAt };
    }),
  );
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
