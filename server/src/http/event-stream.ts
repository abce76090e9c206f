import { ErrorReason, eventsQuery, lastEventIdSchema } from "@wegmarke/protocol";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { AccountService } from "../accounts/account-service";
import { ServiceError } from "../errors";
import { joinText } from "../events/sse";
import type { SseText } from "../events/sse";
import type { StreamHub } from "../events/stream-hub";
import type { GameService } from "../game/game-service";
import { asParticipant, requirePlayer } from "./authenticate";
import { openSseReply } from "./sse-reply";
import { doc } from "./api-docs/describe";

export type EventStreamExtras = {
  /**
   * The operators' news as an event ("" for none), sent after the opening status and backlog;
   * `after`: the highest news id the app holds.
   */
  news: (after: number | undefined) => Promise<SseText>;
  /** The game's clock as an event ("" for a game without one), sent after the news. */
  clock: () => Promise<SseText>;
  /** The positions the player's teammates share ("" for none), sent after the clock. */
  teamPositions: (stream: string, playerId: number) => SseText;
  /** A stream of the player opened or closed (their "last seen"). */
  seen: (playerId: number) => void;
  /** The player's member key on a team's stream (the opening status tells it), else undefined. */
  member: (stream: string, playerId: number) => string | undefined;
};

/** `GET /api/game/events`: the participant's server-sent event stream. */
export function eventStreamRoute(
  accounts: AccountService,
  game: GameService,
  hub: StreamHub,
  { news, clock, teamPositions, seen, member }: EventStreamExtras,
): FastifyPluginAsync {
  return async (app) => {
    requirePlayer(app, accounts);

    app.get(
      "/events",
      {
        config: {
          docs: doc("game", "The participant's event stream (server-sent events)", {
            description:
              "Resumes after `Last-Event-ID` (or `lasteventiD`); every event is in ServerEventMap.",
            query: eventsQuery,
            produces: "text/event-stream",
          }),
        },
      },
      async (request, reply) => {
        const { participant, player, lastEventId, newsAfter } = await asParticipant(
          accounts,
          request,
          async (participant, player) => {
            const lastEventId = lastEventIdOf(request);
            await game.checkLastEventId(participant, lastEventId);
            return { participant, player, lastEventId, newsAfter: newsAfterOf(request) };
          },
        );

        const sink = openSseReply(reply);
        const close = hub.connect(
          participant.stream,
          sink,
          async () => {
            const [snapshot, newsEvent, clockEvent] = await Promise.all([
              game.streamSnapshot(participant, lastEventId),
              news(newsAfter),
              clock(),
            ]);
            const key = member(participant.stream, player.id);
            return {
              ...snapshot,
              status: key === undefined ? snapshot.status : { ...snapshot.status, Member: key },
              trailer: joinText([
                newsEvent,
                clockEvent,
                teamPositions(participant.stream, player.id),
              ]),
            };
          },
          { playerId: player.id, session: player.session },
        );
        seen(player.id);
        reply.raw.on("close", () => {
          close();
          seen(player.id);
        });
        return reply;
      },
    );
  };
}

/** The highest news id the app holds (`newsafter`): a whole number, else 400. */
function newsAfterOf(request: FastifyRequest): number | undefined {
  const given = eventsQuery.safeParse(request.query).data?.newsafter;
  if (given === undefined) return undefined;
  const id = lastEventIdSchema.safeParse(given);
  if (!id.success) throw new ServiceError(400, ErrorReason.invalidNewsAfter);
  return id.data;
}

/**
 * The id after which to replay: the `Last-Event-ID` header wins over the query, because a
 * browser's automatic reconnect repeats the original URL but sends its newest id as header.
 * Absent or empty means "from the start".
 */
function lastEventIdOf(request: FastifyRequest): number {
  const query = eventsQuery.safeParse(request.query);
  if (!query.success) throw new ServiceError(406, ErrorReason.invalidLastEventId);
  const given = request.headers["last-event-id"] || query.data.lasteventid;
  if (!given) return 0;
  const id = lastEventIdSchema.safeParse(given);
  if (!id.success) throw new ServiceError(406, ErrorReason.invalidLastEventId);
  return id.data;
}
