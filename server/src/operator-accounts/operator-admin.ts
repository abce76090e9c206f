import { randomBytes } from "node:crypto";
import { operatorName } from "@wegmarke/protocol";
import { hashPassword } from "../security/passwords";
import type { Clock } from "../clock";
import type { Repositories, Store } from "../store/store";

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

/** Writes a command-line change to the audit log, inside the caller's transaction. */
function auditCli(repos: Repositories, at: string, action: string, name: string) {
  return repos.operators.audit({ at, via: "cli", operator: null, action, detail: name });
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
 * Creates an operator with a random password, which is answered (to be shown once: only its
 * argon2id hash is stored), and writes it to the audit log.
 */
export async function addOperator(
  store: Store,
  clock: Clock,
  name: string,
): Promise<{ name: string; password: string }> {
  const checked = checkedName(name);
  const password = newOperatorPassword();
  const passwordHash = await hashPassword(password);
  const at = clock.now().toISOString();
  await store.transaction(async (repos) => {
    const id = await repos.operators.create(checked, passwordHash, at);
    if (id === undefined) throw new OperatorAdminError(`operator ${checked} exists already`);
    await auditCli(repos, at, "operator.add", checked);
  });
  return { name: checked, password };
}

/** Gives an operator a new random password (answered once) and ends its console sessions. */
export async function resetOperatorPassword(
  store: Store,
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
    await auditCli(repos, at, "operator.reset", checked);
  });
  return { name: checked, password };
}

/** Every operator: name and creation time. */
export async function listOperators(store: Store): Promise<{ name: string; createdAt: string }[]> {
  const rows = await store.repos.operators.list();
  return rows.map(({ name, createdAt }) => ({ name, createdAt }));
}

/** Deletes an operator and its console sessions; the audit log keeps its name. */
export async function removeOperator(store: Store, clock: Clock, name: string): Promise<void> {
  const checked = checkedName(name);
  const at = clock.now().toISOString();
  await store.transaction(async (repos) => {
    if (!(await repos.operators.remove(checked))) {
      throw new OperatorAdminError(`no operator ${checked}`);
    }
    await auditCli(repos, at, "operator.remove", checked);
  });
}
