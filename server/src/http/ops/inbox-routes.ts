import {
  okResponse,
  opsConversationView,
  opsInbox,
  opsInboxMessage,
  opsInboxRead,
  opsInboxReply,
  opsPlayerParams,
} from "@wegmarke/protocol";
import type { OpsConversationView, OpsInbox, OpsInboxMessage } from "@wegmarke/protocol";
import type { FastifyPluginAsync } from "fastify";
import { meOf } from "../../operator-accounts/ops-caller";
import type { OrganisersService } from "../../organisers/organisers-service";
import { doc } from "../api-docs/describe";
import { ok } from "../ok";
import { parse } from "../parse";
import { callerOf } from "./gate";
import type { OpsRecord } from "./record";

/** The hosts' inbox: the players' conversations with the organisers, and the hosts' answers. */
export function inboxRoutes(organisers: OrganisersService, record: OpsRecord): FastifyPluginAsync {
  return async (app) => {
    app.get(
      "/inbox",
      {
        config: {
          role: "host",
          docs: doc("ops", "The conversations with the organisers, open ones first", {
            response: opsInbox,
          }),
        },
      },
      (): Promise<OpsInbox> => organisers.inbox(),
    );

    app.get(
      "/players/:playerId/organisers",
      {
        config: {
          role: "host",
          docs: doc("ops", "A player's conversation with the organisers", {
            params: opsPlayerParams,
            response: opsConversationView,
          }),
        },
      },
      async (request): Promise<OpsConversationView> => {
        const { playerId } = parse(opsPlayerParams, request.params, "path");
        return organisers.hostConversation(playerId);
      },
    );

    app.post(
      "/players/:playerId/organisers",
      {
        config: {
          role: "host",
          docs: doc("ops", "Answer a player (their team) as the organisers", {
            params: opsPlayerParams,
            body: opsInboxReply,
            response: opsInboxMessage,
          }),
        },
      },
      async (request): Promise<OpsInboxMessage> => {
        const { playerId } = parse(opsPlayerParams, request.params, "path");
        const { text } = parse(opsInboxReply, request.body);
        const sent = await organisers.reply(playerId, meOf(callerOf(request)).name, text);
        await record(request, "inbox.reply", `player ${playerId}: ${text.slice(0, 80)}`);
        return sent;
      },
    );

    app.post(
      "/players/:playerId/organisers/read",
      {
        config: {
          role: "host",
          docs: doc("ops", "Mark a player's conversation with the organisers read", {
            params: opsPlayerParams,
            body: opsInboxRead,
            response: okResponse,
          }),
        },
      },
      async (request) => {
        const { playerId } = parse(opsPlayerParams, request.params, "path");
        const { upTo } = parse(opsInboxRead, request.body);
        await organisers.hostRead(playerId, upTo);
        return ok;
      },
    );
  };
}
