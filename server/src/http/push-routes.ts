import {
  okResponse,
  pushKeyResponse,
  pushSubscribeRequest,
  pushUnsubscribeRequest,
} from "@wegmarke/protocol";
import type { PushKeyResponse } from "@wegmarke/protocol";
import { z } from "zod";
import type { FastifyPluginAsync } from "fastify";
import type { AccountService } from "../accounts/account-service";
import type { PushService } from "../push/push-service";
import { playerOf, requirePlayer } from "./authenticate";
import { ok } from "./ok";
import { parse } from "./parse";
import { doc } from "./api-docs/describe";

const settingsQuery = z.object({ hash: z.string() });

/**
 * Web Push of the game base (decisions/040), mounted at `/api/push`: the server's public key,
 * and this device's subscription (`PUT` to take pushes, `DELETE` to stop, `GET` to read).
 */
export function pushRoutes(
  accounts: AccountService,
  push: PushService,
  publicKey: string,
): FastifyPluginAsync {
  return async (app) => {
    app.get(
      "/key",
      {
        config: {
          docs: doc("push", "The server's VAPID public key", {
            response: pushKeyResponse,
          }),
        },
      },
      async (): Promise<PushKeyResponse> => ({ publicKey }),
    );

    await app.register(async (signedIn) => {
      requirePlayer(signedIn, accounts);

      signedIn.get(
        "/subscription",
        {
          config: {
            docs: doc("push", "This device's push settings", {
              query: settingsQuery,
            }),
          },
        },
        async (request) => {
          parse(settingsQuery, request.query, "query");
          return push.settings(playerOf(request));
        },
      );

      signedIn.put(
        "/subscription",
        {
          config: {
            docs: doc("push", "Take pushes on this device", {
              body: pushSubscribeRequest,
              response: okResponse,
            }),
          },
        },
        async (request) => {
          const body = parse(pushSubscribeRequest, request.body);
          await push.subscribe(playerOf(request), body);
          return ok;
        },
      );

      signedIn.delete(
        "/subscription",
        {
          config: {
            docs: doc("push", "Stop pushes to this device", {
              body: pushUnsubscribeRequest,
              response: okResponse,
            }),
          },
        },
        async (request) => {
          const body = parse(pushUnsubscribeRequest, request.body);
          await push.unsubscribe(playerOf(request), body.endpoint);
          return ok;
        },
      );
    });
  };
}
