import { outroRequest } from "@wegmarke/protocol";
import type { OkResponse } from "@wegmarke/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { AccountService } from "../accounts/account-service";
import { parse, property } from "./parse";

const ok: OkResponse = { value: "ok" };

/**
 * `outro/activate`: the app calls it to delete the account (spec section 7). There is no outro
 * to play yet, so `Skip` changes nothing: the player's data is erased either way. `onErased`
 * ends the player's open streams and takes their name off the scoreboard.
 */
export function outroRoute(
  accounts: AccountService,
  onErased: (playerId: number) => void,
): FastifyPluginAsync {
  return async (app) => {
    app.post("/outro/activate", async (request) => {
      const player = await accounts.authenticate(property(request.body, "Hash"));
      parse(outroRequest, request.body);
      await accounts.deleteAccount(player);
      onErased(player.id);
      return ok;
    });
  };
}
