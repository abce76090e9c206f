import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "../clock";
import type { PhotoMaker } from "../missions/photo-process";
import type { SignalBus } from "../events/bus";
import type { StreamHub } from "../events/stream-hub";
import { displayNames } from "../game/scoreboard/display-names";
import { SignedLinks } from "../missions/signed-links";
import { OrganisersService, PHOTO_AREA } from "../organisers/organisers-service";
import { isTeamStream, playerStream, streamOf } from "../participants/participant";
import type { PushService } from "../push/push-service";
import type { Store } from "../store/store";

/**
 * The conversations with the organisers, given the names the scoreboard shows (a player's first
 * name or anonymous name, a team's name); a host's answer goes as a push to the phones of the
 * participant's players whose app is closed. A photo is made as missions' photos are, its links
 * signed with the server's secret below the game's base (`deps.deps.base`).
 */
export function buildOrganisers(deps: {
  store: Store;
  photos: PhotoMaker;
  secret: Buffer;
  deps: { base?: string };
  clock: Clock;
  bus: SignalBus;
  hub: StreamHub;
  push: Pick<PushService, "organisers">;
  log: FastifyBaseLogger;
}): OrganisersService {
  const { store } = deps;
  const streamNames = (streams: string[]) => displayNames(store.repos, streams);
  const playerNames = async (ids: number[]) => {
    const names = await streamNames(ids.map(playerStream));
    return new Map(ids.map((id) => [id, names.get(playerStream(id)) ?? String(id)]));
  };
  return new OrganisersService({
    ...{ store, clock: deps.clock, bus: deps.bus, streams: deps.hub, playerNames, streamNames },
    ...{ photos: deps.photos, links: new SignedLinks(deps.secret, deps.deps.base, PHOTO_AREA) },
    findPlayer: async (id) => {
      const player = await store.repos.players.find(id);
      if (!player) return undefined;
      const stream = streamOf(player);
      const names = await streamNames([playerStream(id), stream]);
      return {
        id,
        stream,
        name: names.get(playerStream(id)) ?? String(id),
        team: isTeamStream(stream) ? (names.get(stream) ?? null) : null,
      };
    },
    onAnswer: (stream, text) => {
      deps.push.organisers(stream, text).catch((error: unknown) => {
        deps.log.warn({ err: error }, "answer not pushed");
      });
    },
  });
}
