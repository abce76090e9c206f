import { outroRequest } from "@wegmarke/protocol";
import type { OkResponse } from "@wegmarke/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { AccountService } from "../accounts/account-service";
import type { StreamHub } from "../events/stream-hub";
import { parse, property } from "./parse";

const ok: OkResponse = { value: "ok" };

/**
 * `outro/activate`: the app calls it to delete the account (spec section 7). There is no outro
 * to play yet, so `Skip` changes nothing: the player's data is erased either way.
 */
export function outroRoute(accounts: AccountService, hub: StreamHub): FastifyPluginAsync {
  return async (app) => {
    app.post("/outro/activate", async (request) => {
      const player = await accounts.authenticate(property(request.body, "Hash"));
      parse(outroRequest, request.body);
      await accounts.deleteAccount(player);
      hub.disconnectPlayer(player.id);
      return ok;
    });
  };
}
