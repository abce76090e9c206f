import type { Clock } from "../clock";
import type { PushConfig } from "../config";
import type { ContentPack } from "../content/model";
import { streamOwner } from "../participants/participant";
import { membersOf } from "../accounts/player-team";
import type { PlayerTeamRepositories } from "../accounts/player-team";
import type { Repositories, StoreOf } from "../store/store";
import { PushThread } from "./push-thread";
import { PushService } from "./push-service";
import { loadVapidKeys } from "./vapid-keys";

export type PushDeps = {
  config: PushConfig;
  /** The subscriptions a player keeps; a new one beyond replaces the oldest. */
  subscriptionsPerPlayer: number;
  /** Players with an event stream open on any instance. */
  online: () => ReadonlySet<number>;
  store: StoreOf<Pick<Repositories, "push"> & PlayerTeamRepositories>;
  pack: ContentPack;
  clock: Clock;
  counted: (outcome: "sent" | "gone" | "failed") => void;
  info: (fields: Record<string, unknown>, message: string) => void;
  onError: (error: unknown, message: string) => void;
};

/** The push service with its key pair (read or made once at start) and its sender. */
export async function createPush(
  deps: PushDeps,
): Promise<{ push: PushService; publicKey: string }> {
  const repo = deps.store.repos.push;
  const keys = await loadVapidKeys(deps.config, repo);
  // The encryption and the posts run in a thread of their own (push-thread.ts).
  const sender = new PushThread(
    { keys, subject: deps.config.subject, services: deps.config.services },
    {
      gone: async (endpoint) => {
        await repo.delete(endpoint);
      },
      counted: deps.counted,
      onError: deps.onError,
    },
  );
  const playersOf = async (stream: string) => {
    const owner = streamOwner(stream);
    return owner.kind === "player" ? [owner.id] : membersOf(deps.store.repos, owner.id);
  };
  const push = new PushService({
    ...{ repo, sender, pack: deps.pack, clock: deps.clock, log: deps.info },
    ...{ playersOf, online: deps.online, subscriptionsPerPlayer: deps.subscriptionsPerPlayer },
  });
  return { push, publicKey: keys.publicKey };
}
