import { opsClock, opsClockRequest } from "@wegmarke/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { GameClock } from "../../game/game-clock";
import { parse } from "../parse";
import type { OpsRecord } from "./record";
import { doc } from "../api-docs/describe";

/** The game's clock: its start and end for every operator, a host's end set live. */
export function clockRoutes(clock: GameClock, record: OpsRecord): FastifyPluginAsync {
  return async (app) => {
    app.get(
      "/clock",
      {
        config: {
          role: "viewer",
          docs: doc("ops", "The game's start and end, and the end its pack gives", {
            response: opsClock,
          }),
        },
      },
      async () => clock.read(),
    );

    app.put(
      "/clock",
      {
        config: {
          role: "host",
          docs: doc("ops", "Set the game's end (extend it, end the game now, or the pack's)", {
            body: opsClockRequest,
            response: opsClock,
          }),
        },
      },
      async (request) => {
        const { endsAt } = parse(opsClockRequest, request.body);
        const before = await clock.read();
        const after = await clock.setEnd(endsAt);
        const was = before.endsAt ?? "none";
        await record(request, "clock.end", `end ${after.endsAt ?? "none"} (was ${was})`);
        return after;
      },
    );
  };
}
