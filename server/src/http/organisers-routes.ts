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
        // A photo comes along in base64: the app shrinks it first, the limit is 8 MB of bytes.
        bodyLimit: 12 * 1024 * 1024,
        config: {
          docs: doc("game", "Write to the organisers", {
            description:
              `A text, a photo (base64) or both; at most 30 messages an hour ` +
              `(429 \`${ErrorReason.tooManyMessages}\`), 415 \`${ErrorReason.unsupportedFile}\` ` +
              `for a photo that is none.`,
            body: organisersSendRequest,
            response: organisersSendResponse,
          }),
        },
      },
      async (request): Promise<Value<typeof organisersSendResponse>> => {
        const { Text, Photo } = parse(organisersSendRequest, request.body);
        const player = playerOf(request);
        await throttle.attempt(
          [{ limiter: throttle.organiserMessagesPerPlayer, key: String(player.id) }],
          ErrorReason.tooManyMessages,
        );
        const stream = participantOf(player).stream;
        const photo = Photo === undefined ? undefined : Buffer.from(Photo, "base64");
        return { value: await organisers.send(stream, player.id, Text, photo) };
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
