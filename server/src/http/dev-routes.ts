import type { OutboxMessage } from "@wegmarke/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { OutboxSmsProvider } from "../accounts/sms/outbox-provider";

/** `GET /api/dev/outbox`, registered only with `SMS_PROVIDER=outbox` (development and tests). */
export function devRoutes(outbox: OutboxSmsProvider): FastifyPluginAsync {
  return async (app) => {
    app.get("/outbox", async (): Promise<OutboxMessage[]> => outbox.messages());
  };
}
