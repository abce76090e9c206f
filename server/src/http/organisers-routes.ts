import {
  ErrorReason,
  organisersQuery,
  organisersReadRequest,
  organisersReadResponse,
  organisersResponse,
  organisersSendRequest,
  organisersSendResponse,
} from "@wegmarke/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { z } from "zod";
import type { AccountService } from "../accounts/account-service";
import type { OrganisersService } from "../organisers/organisers-service";
import { participantOf } from "../participants/participant";
import type { Throttle } from "../security/throttle";
import { doc, SIGNED_IN } from "./api-docs/describe";
import { playerOf, requirePlayer } from "./authenticate";
import { parse } from "./parse";

type Value<T extends z.ZodType> = z.infer<T>;

/**
 * A player's conversation with the game's organisers, `/api/game/organisers`: in a team,
 * the team's, which every member reads and writes. Its new messages come as the stream's
 * `organisers` event.
 */
export function organisersRoutes(
  accounts: AccountService,
  organisers: OrganisersService,
  throttle: Throttle,
): FastifyPluginAsync {
  return async (app) => {
    requirePlayer(app, accounts);

    app.get(
      "/organisers",
      {
        config: {
          docs: doc("game", "The conversation with the organisers", {
            description: SIGNED_IN,
            query: organisersQuery,
            response: organisersResponse,
          }),
        },
      },
      async (request): Promise<Value<typeof organisersResponse>> => {
        parse(organisersQuery, request.query, "query");
        const player = playerOf(request);
        const stream = participantOf(player).stream;
        return { value: await organisers.conversation(stream, player.id) };
      },
    );

    app.post(
      "/organisers",
      {
        config: {
          docs: doc("game", "Write to the organisers", {
            description: `At most 30 messages an hour (429 \`${ErrorReason.tooManyMessages}\`).`,
            body: organisersSendRequest,
            response: organisersSendResponse,
          }),
        },
      },
      async (request): Promise<Value<typeof organisersSendResponse>> => {
        const { Text } = parse(organisersSendRequest, request.body);
        const player = playerOf(request);
        await throttle.attempt(
          [{ limiter: throttle.organiserMessagesPerPlayer, key: String(player.id) }],
          ErrorReason.tooManyMessages,
        );
        const stream = participantOf(player).stream;
        return { value: await organisers.send(stream, player.id, Text) };
      },
    );

    app.put(
      "/organisers/read",
      {
        config: {
          docs: doc("game", "What the player has read of the conversation with the organisers", {
            body: organisersReadRequest,
            response: organisersReadResponse,
          }),
        },
      },
      async (request): Promise<Value<typeof organisersReadResponse>> => {
        const { Read } = parse(organisersReadRequest, request.body);
        const player = playerOf(request);
        const stream = participantOf(player).stream;
        return { value: { Read: await organisers.markRead(player.id, stream, Read) } };
      },
    );
  };
}
