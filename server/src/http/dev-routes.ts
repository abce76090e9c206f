import type { OutboxMessage } from "@wegmarke/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { OutboxSmsProvider } from "../accounts/sms/outbox-provider";
import { outboxResponse } from "@wegmarke/protocol";
import { doc } from "./api-docs/describe";

/** `GET /api/dev/outbox`, registered only with `SMS_PROVIDER=outbox` (development and tests). */
export function devRoutes(outbox: OutboxSmsProvider): FastifyPluginAsync {
  return async (app) => {
    app.get(
      "/outbox",
      {
        config: {
          docs: doc("service", "The SMS sent so far (SMS_PROVIDER=outbox only)", {
            response: outboxResponse,
          }),
        },
      },
      async (): Promise<OutboxMessage[]> => outbox.messages(),
    );
  };
}
