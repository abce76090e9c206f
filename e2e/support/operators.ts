import { spawnSync } from "node:child_process";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { COMPILED_SERVER, type RunningServer } from "./server";

/**
 * `npm run operator -- add NAME [ROLES [GAME]]` against the server's database (every role, the
 * admin's included, unless `roles` says otherwise; in the first game unless `game` names
 * another): the one-time password.
 */
export function addOperator(
  server: RunningServer,
  name: string,
  roles?: string,
  game?: string,
): string {
  const cli = join(COMPILED_SERVER, "../operator.js");
  const args = [cli, "add", name, ...(roles === undefined ? [] : [roles]), ...(game ? [game] : [])];
  const result = spawnSync(process.execPath, args, {
    env: { ...process.env, ...server.env },
    encoding: "utf8",
  });
  const password = /one-time password (\S+)/.exec(result.stdout + result.stderr)?.[1];
  if (result.status !== 0 || password === undefined) {
    throw new Error(`operator add failed:\n${result.stdout}${result.stderr}`);
  }
  return password;
}

/**
 * Signs a new operator in at /ops/ with the one-time password of the command line and chooses
 * `chosen` as their own, as the console asks first; ends on the overview.
 */
export async function signInNewOperator(
  ops: Page,
  name: string,
  oneTimePassword: string,
  chosen: string,
): Promise<void> {
  await ops.goto("/ops/");
  await ops.getByLabel("Name").fill(name);
  await ops.getByLabel("Passwort").fill(oneTimePassword);
  await ops.getByRole("button", { name: "Anmelden" }).click();
  await ops.getByRole("heading", { name: "Eigenes Passwort wählen" }).waitFor();
  await ops.getByLabel("Einmalpasswort").fill(oneTimePassword);
  await ops.getByLabel("Neues Passwort", { exact: true }).fill(chosen);
  await ops.getByLabel("Neues Passwort wiederholen").fill(chosen);
  await ops.getByRole("button", { name: "Passwort ändern" }).click();
  await ops.getByRole("heading", { level: 1, name: "Übersicht" }).waitFor();
}
