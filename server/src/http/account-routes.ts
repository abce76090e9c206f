import {
  accountRequest,
  changepassPhoneRequest,
  changepassRequest,
  loginPhoneRequest,
  optinAnonRequest,
  optinSmsRequest,
  optinSmsVerifyRequest,
  resetLinkRequest,
  upgradeSmsRequest,
  upgradeVerifyRequest,
} from "@wegmarke/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { AccountService } from "../accounts/account-service";
import type { LoginService } from "../accounts/login-service";
import type { PasswordService } from "../accounts/password-service";
import type { RegistrationService } from "../accounts/registration-service";
import { addressKey } from "../accounts/addresses";
import { ok } from "./ok";
import { parse } from "./parse";

export type AccountRouteServices = {
  accounts: AccountService;
  registration: RegistrationService;
  login: LoginService;
  passwords: PasswordService;
};

/** The user-account base, mounted at `/api/account/`. */
export function accountRoutes({
  accounts,
  registration,
  login,
  passwords,
}: AccountRouteServices): FastifyPluginAsync {
  return async (app) => {
    app.get("/player/optin/token", async () => ({ value: { token: accounts.issueOptinToken() } }));

    app.post("/player/optin/anon", async (request) => ({
      value: await accounts.optinAnon(
        parse(optinAnonRequest, request.body),
        addressKey(request.ip),
      ),
    }));

    app.post("/player/optin/sms", async (request) => {
      await registration.register(parse(optinSmsRequest, request.body), addressKey(request.ip));
      return ok;
    });

    app.post("/player/optin/sms/verify", async (request) => ({
      value: await registration.verify(
        parse(optinSmsVerifyRequest, request.body),
        addressKey(request.ip),
      ),
    }));

    // An anonymous player keeps their game with a phone number (same player, same game).
    app.post("/player/upgrade/sms", async (request) => {
      await registration.upgrade(parse(upgradeSmsRequest, request.body), addressKey(request.ip));
      return ok;
    });

    app.post("/player/upgrade/sms/verify", async (request) => {
      await registration.upgradeVerify(
        parse(upgradeVerifyRequest, request.body),
        addressKey(request.ip),
      );
      return ok;
    });

    app.post("/player/account", async (request) => ({
      value: await accounts.describe(parse(accountRequest, request.body).Hash),
    }));

    app.post("/player/login/phone", (request) =>
      login.login(parse(loginPhoneRequest, request.body), addressKey(request.ip)),
    );

    app.post("/player/changepass/phone", async (request) => {
      await passwords.requestReset(
        parse(changepassPhoneRequest, request.body),
        addressKey(request.ip),
      );
      return ok;
    });

    app.post("/player/changepass/link", async (request) => ({
      value: await passwords.linkState(
        parse(resetLinkRequest, request.body),
        addressKey(request.ip),
      ),
    }));

    app.put("/player/changepass", async (request) => {
      await passwords.changePassword(
        parse(changepassRequest, request.body),
        addressKey(request.ip),
      );
      return ok;
    });
  };
}
