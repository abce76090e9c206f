import {
  changepassPhoneRequest,
  changepassPhoneResponse,
  changepassRequest,
  changepassResponse,
  ErrorCode,
  loginPhoneRequest,
  loginPhoneResponse,
  optinAnonRequest,
  optinAnonResponse,
  optinSmsRequest,
  optinSmsResponse,
  optinSmsVerifyRequest,
  optinTokenResponse,
  tokenResponse,
} from "@wegmarke/protocol";
import type { Language, WebAppConfig } from "@wegmarke/protocol";
import { normalizePhone } from "../lib/phone";
import { ApiFailure } from "./api-error";
import { checkInput, endpoint, requestJson } from "./http";

type AnonymousOptin = Pick<WebAppConfig, "accountBase" | "apiVersion" | "storyId"> & {
  language: Language;
};

/** Free anonymous participation: registers a player and resolves to the new auth token. */
export async function optinAnonymous(input: AnonymousOptin): Promise<string> {
  const body = checkInput(optinAnonRequest, { story_id: input.storyId, language: input.language });
  if (input.apiVersion === 2) {
    const answer = await requestJson(
      endpoint(input.accountBase, "player/optin/token"),
      { method: "GET" },
      optinTokenResponse,
    );
    body.token = answer.value.token;
  }
  const answer = await requestJson(
    endpoint(input.accountBase, "player/optin/anon"),
    { method: "POST", body },
    optinAnonResponse,
  );
  return answer.value;
}

type AccountCall = Pick<WebAppConfig, "accountBase">;

type SmsRegistration = AccountCall &
  Pick<WebAppConfig, "storyId"> & { language: Language; firstName: string; phone: string };

/** Registration (spec 7 `player/optin/sms`): the server sends a 6-digit code by SMS. */
export async function registerBySms(input: SmsRegistration): Promise<void> {
  const body = checkInput(optinSmsRequest, {
    first_name: input.firstName,
    phone: normalizePhone(input.phone),
    story_id: input.storyId,
    language: input.language,
  });
  await requestJson(
    endpoint(input.accountBase, "player/optin/sms"),
    { method: "POST", body },
    optinSmsResponse,
  );
}

/** Confirms the SMS code (`player/optin/sms/verify`); resolves to an auth token. */
export async function verifySmsCode(
  input: AccountCall & { phone: string; code: string },
): Promise<string> {
  const body = checkInput(optinSmsVerifyRequest, {
    phone: normalizePhone(input.phone),
    smscode: input.code,
  });
  const answer = await requestJson(
    endpoint(input.accountBase, "player/optin/sms/verify"),
    { method: "POST", body },
    tokenResponse,
  );
  return answer.value;
}

/**
 * A sign-in: the auth token, and `code` while the password is still the SMS code (the player
 * has not chosen one yet): the code as the server keeps it, the current password for
 * `changePassword`.
 */
export type SignedIn = { token: string; code: string | null };

/** The SMS code as the server takes it: without white space. */
export function smsCodeOf(code: string): string {
  return code.replace(/\s/g, "");
}

/**
 * Sign-in with phone number and password. A number whose registration was never confirmed is
 * answered 411: then the password is taken as the SMS code (spec 8), since the code is the
 * first password.
 */
export async function loginWithPhone(
  input: AccountCall & { phone: string; password: string },
): Promise<SignedIn> {
  const phone = normalizePhone(input.phone);
  const body = checkInput(loginPhoneRequest, { phone, password: input.password });
  try {
    const answer = await requestJson(
      endpoint(input.accountBase, "player/login/phone"),
      { method: "POST", body },
      loginPhoneResponse,
    );
    return { token: answer.value, code: answer.passwordIsCode ? body.password : null };
  } catch (error) {
    if (!(error instanceof ApiFailure) || error.code !== ErrorCode.notVerified) throw error;
    const token = await verifySmsCode({
      accountBase: input.accountBase,
      phone,
      code: body.password,
    });
    return { token, code: smsCodeOf(body.password) };
  }
}

/**
 * Asks for a reset link by SMS (`player/changepass/phone`): for a phone number (signed out)
 * or for the signed-in player's token.
 */
export async function requestPasswordReset(
  input: AccountCall & ({ phone: string } | { token: string }),
): Promise<void> {
  const body = checkInput(
    changepassPhoneRequest,
    "phone" in input ? { Phone: normalizePhone(input.phone) } : { Hash: input.token },
  );
  await requestJson(
    endpoint(input.accountBase, "player/changepass/phone"),
    { method: "POST", body },
    changepassPhoneResponse,
  );
}

/**
 * Sets a new password (`PUT player/changepass`); `token` is a reset link's token, or the
 * signed-in player's auth token together with the `current` password.
 */
export async function changePassword(
  input: AccountCall & { password: string; token: string; current?: string },
): Promise<void> {
  const body = checkInput(changepassRequest, {
    password: input.password,
    token: input.token,
    current: input.current,
  });
  await requestJson(
    endpoint(input.accountBase, "player/changepass"),
    { method: "PUT", body },
    changepassResponse,
  );
}
