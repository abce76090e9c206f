import { systemClock } from "../clock";
import type { Clock } from "../clock";
import { withCommandLineStore } from "../store/command-line";
import type { Store } from "../store/store";
import {
  EVERY_ROLE,
  OperatorAdminError,
  addOperator,
  listOperators,
  parseRoles,
  rolesText,
  removeOperator,
  resetOperatorPassword,
  setOperatorAdmin,
  setOperatorRoles,
} from "./operator-admin";

const USAGE = [
  "usage: npm run operator -- add NAME [ROLES [GAME]]  creates an operator; prints its one-time",
  "                                                    password; without ROLES: everything",
  "       npm run operator -- roles NAME ROLES [GAME]  sets what the operator may do in GAME",
  "       npm run operator -- admin NAME yes|no        makes the operator the admin, or not",
  "       npm run operator -- list                     lists the operators with their roles",
  "       npm run operator -- remove NAME              deletes an operator, ends its sessions",
  "       npm run operator -- reset NAME               prints a new one-time password",
  "ROLES: author,host, author (makes the game), host (runs it), viewer (looks only), or none",
  "       (the game is not theirs); GAME: a game's name (npm run game -- list), the first one",
  "       when not given. The admin sees every game, adds games and manages the operators.",
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
  const needsName = command === "remove" || command === "reset";
  const valid =
    command === "list"
      ? name === undefined && rest.length === 0
      : command === "roles"
        ? name !== undefined && rest.length >= 1 && rest.length <= 2
        : command === "admin"
          ? name !== undefined && rest.length === 1 && (rest[0] === "yes" || rest[0] === "no")
          : command === "add"
            ? name !== undefined && rest.length <= 2
            : needsName && name !== undefined && rest.length === 0;
  if (!valid) {
    for (const line of USAGE) err(line);
    return 2;
  }
  return withCommandLineStore(io, OperatorAdminError, async (store) => {
    if (command === "list") {
      const operators = await listOperators(store);
      if (operators.length === 0) out("no operators");
      for (const { name: listed, admin, games, createdAt } of operators) {
        out(`${listed}\t${admin ? "admin " : ""}${games || "no game"}\tcreated ${createdAt}`);
      }
      return 0;
    }
    const operatorName = name ?? "";
    const [rolesArg, gameArg] = rest;
    if (command === "admin") {
      const admin = rolesArg === "yes";
      await setOperatorAdmin(store, clock, operatorName, admin);
      out(`operator ${operatorName.toLowerCase()}: ${admin ? "admin" : "no admin"}`);
      return 0;
    }
    if (command === "roles") {
      const roles = parseRoles(rolesArg ?? "");
      const game = await gameStore(store, gameArg);
      await setOperatorRoles(game.store, clock, operatorName, roles);
      out(`operator ${operatorName.toLowerCase()}: ${rolesText(roles)} in ${game.name}`);
      return 0;
    }
    if (command === "remove") {
      await removeOperator(store, clock, operatorName);
      out(`operator ${operatorName.toLowerCase()} removed`);
      return 0;
    }
    const created =
      command === "add"
        ? await addOperator(
            (await gameStore(store, gameArg)).store,
            clock,
            operatorName,
            rolesArg === undefined ? EVERY_ROLE : { roles: parseRoles(rolesArg), admin: false },
          )
        : await resetOperatorPassword(store, clock, operatorName);
    out(`operator ${created.name}: one-time password ${created.password}`);
    out("It is shown only this once: sign in with it at /ops/ and choose your own password.");
    return 0;
  });
}

/** The store of the game named `name` (the first game's when undefined), and its name. */
async function gameStore(
  store: Store,
  name: string | undefined,
): Promise<{ store: Store; name: string }> {
  const games = await store.repos.games.list();
  const game = games.find((one) =>
    name === undefined ? one.id === store.game : one.name === name,
  );
  if (!game) throw new OperatorAdminError(`no game ${name ?? ""} (npm run game -- list)`);
  return { store: store.forGame(game.id), name: game.name };
}
