import { opsGameMade } from "@wegmarke/protocol";
import type { OpsGameMade, OpsNewGame } from "@wegmarke/protocol";
import { z } from "zod";
import { call } from "./client";

/** A new game from a template, live at once (the installation's admin). */
export const makeGame = (body: OpsNewGame): Promise<OpsGameMade> =>
  call("/games", { method: "POST", body, schema: opsGameMade, installation: true });

/** Ends the game `name`: its players can no longer play (the installation's admin). */
export const archiveGame = (name: string): Promise<unknown> =>
  call(`/games/${encodeURIComponent(name)}/archive`, {
    method: "POST",
    body: {},
    schema: z.unknown(),
    installation: true,
  });
