import {
  accountRequest,
  accountResponse,
  changepassPhoneRequest,
  changepassPhoneResponse,
  changepassRequest,
  changepassResponse,
  loginPhoneRequest,
  loginPhoneResponse,
  optinAnonRequest,
  optinAnonResponse,
  optinSmsRequest,
  optinSmsResponse,
  optinSmsVerifyRequest,
  optinTokenResponse,
  resetLinkRequest,
  resetLinkResponse,
  tokenResponse,
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
import { doc } from "./api-docs/describe";

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
    app.get(
      "/player/optin/token",
      {
        config: {
          docs: doc("accounts", "A token for an anonymous sign-up", {
            response: optinTokenResponse,
          }),
        },
      },
      async () => ({ value: { token: accounts.issueOptinToken() } }),
    );

    app.post(
      "/player/optin/anon",
      {
        config: {
          docs: doc("accounts", "Sign up without a phone number", {
            body: optinAnonRequest,
            response: optinAnonResponse,
          }),
        },
      },
      async (request) => ({
        value: await accounts.optinAnon(
          parse(optinAnonRequest, request.body),
          addressKey(request.ip),
        ),
      }),
    );

    app.post(
      "/player/optin/sms",
      {
        config: {
          docs: doc("accounts", "Sign up with a phone number: sends a code", {
            body: optinSmsRequest,
            response: optinSmsResponse,
          }),
        },
      },
      async (request) => {
        await registration.register(parse(optinSmsRequest, request.body), addressKey(request.ip));
        return ok;
      },
    );

    app.post(
      "/player/optin/sms/verify",
      {
        config: {
          docs: doc("accounts", "Confirm the sign-up with the SMS code", {
            body: optinSmsVerifyRequest,
            response: tokenResponse,
          }),
        },
      },
      async (request) => ({
        value: await registration.verify(
          parse(optinSmsVerifyRequest, request.body),
          addressKey(request.ip),
        ),
      }),
    );

    // An anonymous player keeps their game with a phone number (same player, same game).
    app.post(
      "/player/upgrade/sms",
      {
        config: {
          docs: doc("accounts", "Register an anonymous player: sends a code", {
            body: upgradeSmsRequest,
          }),
        },
      },
      async (request) => {
        await registration.upgrade(parse(upgradeSmsRequest, request.body), addressKey(request.ip));
        return ok;
      },
    );

    app.post(
      "/player/upgrade/sms/verify",
      {
        config: {
          docs: doc("accounts", "Confirm the registration; the game stays", {
            body: upgradeVerifyRequest,
          }),
        },
      },
      async (request) => {
        await registration.upgradeVerify(
          parse(upgradeVerifyRequest, request.body),
          addressKey(request.ip),
        );
        return ok;
      },
    );

    app.post(
      "/player/account",
      {
        config: {
          docs: doc("accounts", "The account: registered or anonymous", {
            body: accountRequest,
            response: accountResponse,
          }),
        },
      },
      async (request) => ({
        value: await accounts.describe(parse(accountRequest, request.body).Hash),
      }),
    );

    app.post(
      "/player/login/phone",
      {
        config: {
          docs: doc("accounts", "Log in with phone number and password", {
            body: loginPhoneRequest,
            response: loginPhoneResponse,
          }),
        },
      },
      (request) => login.login(parse(loginPhoneRequest, request.body), addressKey(request.ip)),
    );

    app.post(
      "/player/changepass/phone",
      {
        config: {
          docs: doc("accounts", "Ask for a password reset link by SMS", {
            body: changepassPhoneRequest,
            response: changepassPhoneResponse,
          }),
        },
      },
      async (request) => {
        await passwords.requestReset(
          parse(changepassPhoneRequest, request.body),
          addressKey(request.ip),
        );
        return ok;
      },
    );

    app.post(
      "/player/changepass/link",
      {
        config: {
          docs: doc("accounts", "The state of a password reset link", {
            body: resetLinkRequest,
            response: resetLinkResponse,
          }),
        },
      },
      async (request) => ({
        value: await passwords.linkState(
          parse(resetLinkRequest, request.body),
          addressKey(request.ip),
        ),
      }),
    );

    app.put(
      "/player/changepass",
      {
        config: {
          docs: doc("accounts", "Set a new password (signed in, or by a reset link)", {
            body: changepassRequest,
            response: changepassResponse,
          }),
        },
      },
      async (request) => {
        await passwords.changePassword(
          parse(changepassRequest, request.body),
          addressKey(request.ip),
        );
        return ok;
      },
    );
  };
}
