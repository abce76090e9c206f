import {
  opsNews,
  opsNewsAudience,
  opsNewsList,
  opsNewsParams,
  opsNewsRequest,
} from "@wegmarke/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { NewsService } from "../../game/news-service";
import { meOf } from "../../operator-accounts/ops-caller";
import type { GameConsole } from "../../operator-views/game-console";
import { parse } from "../parse";
import { callerOf } from "./gate";
import type { OpsRecord } from "./record";
import { doc } from "../api-docs/describe";

/** The news: every operator reads them and whom they reach; hosts send and withdraw them. */
export function newsRoutes(
  news: NewsService,
  game: GameConsole,
  record: OpsRecord,
): FastifyPluginAsync {
  return async (app) => {
    app.get(
      "/news",
      { config: { role: "viewer", docs: doc("ops", "The news sent", { response: opsNewsList }) } },
      async () => ({ news: await news.list() }),
    );

    app.get(
      "/news/audience",
      {
        config: {
          role: "viewer",
          docs: doc("ops", "Whom news would reach, by language", {
            response: opsNewsAudience,
          }),
        },
      },
      async () => game.newsAudience(),
    );

    app.post(
      "/news",
      {
        config: {
          role: "host",
          docs: doc("ops", "Send news to the players", {
            body: opsNewsRequest,
            response: opsNews,
          }),
        },
      },
      async (request) => {
        const body = parse(opsNewsRequest, request.body);
        const sent = await news.send(body, meOf(callerOf(request)).name);
        await record(request, "news.send", `news ${sent.id}: ${body.text.de.slice(0, 80)}`);
        return sent;
      },
    );

    app.delete(
      "/news/:id",
      {
        config: {
          role: "host",
          docs: doc("ops", "Withdraw news", {
            params: opsNewsParams,
            response: opsNews,
          }),
        },
      },
      async (request) => {
        const { id } = parse(opsNewsParams, request.params, "path");
        const withdrawn = await news.withdraw(id);
        await record(request, "news.withdraw", `news ${id}`);
        return withdrawn;
      },
    );
  };
}
