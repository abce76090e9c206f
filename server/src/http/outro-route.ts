import { okResponse, outroRequest } from "@wegmarke/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { AccountService } from "../accounts/account-service";
import { playerOf, requirePlayer } from "./authenticate";
import { ok } from "./ok";
import { parse } from "./parse";
import { doc } from "./api-docs/describe";

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
    requirePlayer(app, accounts);

    app.post(
      "/outro/activate",
      {
        config: {
          docs: doc("accounts", "Delete the account at the game's end", {
            body: outroRequest,
            response: okResponse,
          }),
        },
      },
      async (request) => {
        const player = playerOf(request);
        parse(outroRequest, request.body);
        await accounts.deleteAccount(player);
        onErased(player.id);
        return ok;
      },
    );
  };
}
