import { systemClock } from "../clock";
import type { Clock } from "../clock";
import { withCommandLineStore } from "../store/command-line";
import {
  OperatorAdminError,
  addOperator,
  listOperators,
  parseRoles,
  rolesText,
  removeOperator,
  resetOperatorPassword,
  setOperatorRoles,
} from "./operator-admin";

const USAGE = [
  "usage: npm run operator -- add NAME [ROLES]  creates an operator; prints its one-time password",
  "       npm run operator -- roles NAME ROLES  sets what the operator may do",
  "       npm run operator -- list              lists the operators with their roles",
  "       npm run operator -- remove NAME       deletes an operator and ends its sessions",
  "       npm run operator -- reset NAME        prints a new one-time password; ends its sessions",
  "ROLES: author,host (the default: everything), author (makes the game), host (runs it),",
  "       or viewer (looks only)",
];

export type CliIo = {
  env: NodeJS.ProcessEnv;
  out: (line: string) => void;
  err: (line: string) => void;
  clock?: Clock;
};

/**
 * `npm run operator -- COMMAND`: manages the operator accounts in the database DATABASE_URL
 * names, as the server reads it (config.ts); migrates it first, so it works before the first
 * start too. Answers the exit status.
 */
export async function runOperatorCli(args: string[], io: CliIo): Promise<number> {
  const { out, err, clock = systemClock } = io;
  const [command, name, ...rest] = args;
  const needsName = command === "add" || command === "remove" || command === "reset";
  const valid =
    command === "list"
      ? name === undefined && rest.length === 0
      : command === "roles"
        ? name !== undefined && rest.length === 1
        : needsName && name !== undefined && rest.length <= (command === "add" ? 1 : 0);
  if (!valid) {
    for (const line of USAGE) err(line);
    return 2;
  }
  return withCommandLineStore(io, OperatorAdminError, async (store) => {
    if (command === "list") {
      const operators = await listOperators(store);
      if (operators.length === 0) out("no operators");
      for (const operator of operators) {
        out(`${operator.name}\t${operator.roles}\tcreated ${operator.createdAt}`);
      }
      return 0;
    }
    const operatorName = name ?? "";
    if (command === "roles") {
      const roles = parseRoles(rest[0] ?? "");
      await setOperatorRoles(store, clock, operatorName, roles);
      out(`operator ${operatorName.toLowerCase()}: ${rolesText(roles)}`);
      return 0;
    }
    if (command === "remove") {
      await removeOperator(store, clock, operatorName);
      out(`operator ${operatorName.toLowerCase()} removed`);
      return 0;
    }
    const created =
      command === "add"
        ? await addOperator(store, clock, operatorName, parseRoles(rest[0] ?? "author,host"))
        : await resetOperatorPassword(store, clock, operatorName);
    out(`operator ${created.name}: one-time password ${created.password}`);
    out("It is shown only this once: sign in with it at /ops/ and choose your own password.");
    return 0;
  });
}
