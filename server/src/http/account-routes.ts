import { optinAnonRequest } from "@wegmarke/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { AccountService } from "../accounts/account-service";
import { parse } from "./parse";

/** The user-account base, mounted at `/api/account/`. */
export function accountRoutes(accounts: AccountService): FastifyPluginAsync {
  return async (app) => {
    app.get("/player/optin/token", async () => ({ value: { token: accounts.issueOptinToken() } }));

    app.post("/player/optin/anon", async (request) => ({
      value: await accounts.optinAnon(parse(optinAnonRequest, request.body)),
    }));
  };
}
