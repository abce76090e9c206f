import {
  accountRequest,
  accountResponse,
  okResponse,
  resetLinkRequest,
  resetLinkResponse,
  upgradeSmsRequest,
  upgradeVerifyRequest,
} from "@wegmarke/protocol";
import type { Language, ResetLink, WebAppConfig } from "@wegmarke/protocol";
import { normalizePhone } from "../lib/phone";
import { checkInput, endpoint, requestJson } from "./http";

/** Calls of the signed-in player's account beyond the spec's: its kind, keeping the game, reset links. */

type SignedInCall = Pick<WebAppConfig, "accountBase"> & { token: string };

/** Whether the signed-in player is registered with a number (`player/account`). */
export async function loadAccount({ accountBase, token }: SignedInCall): Promise<boolean> {
  const body = checkInput(accountRequest, { Hash: token });
  const answer = await requestJson(
    endpoint(accountBase, "player/account"),
    { method: "POST", body },
    accountResponse,
  );
  return answer.value.Registered;
}

/**
 * An anonymous player keeps their game with a phone number (`player/upgrade/sms`): the server
 * sends a 6-digit code by SMS, as for a registration.
 */
export async function upgradeBySms(
  input: SignedInCall & { language: Language; firstName: string; phone: string },
): Promise<void> {
  const body = checkInput(upgradeSmsRequest, {
    Hash: input.token,
    first_name: input.firstName,
    phone: normalizePhone(input.phone),
    language: input.language,
  });
  await requestJson(
    endpoint(input.accountBase, "player/upgrade/sms"),
    { method: "POST", body },
    okResponse,
  );
}

/**
 * Confirms the code of `upgradeBySms` (`player/upgrade/sms/verify`): the player is registered
 * with the number, keeps their game, and the code is their first password.
 */
export async function verifyUpgrade(
  input: SignedInCall & { phone: string; code: string },
): Promise<void> {
  const body = checkInput(upgradeVerifyRequest, {
    Hash: input.token,
    phone: normalizePhone(input.phone),
    smscode: input.code,
  });
  await requestJson(
    endpoint(input.accountBase, "player/upgrade/sms/verify"),
    { method: "POST", body },
    okResponse,
  );
}

/** What a reset link is now (`player/changepass/link`): valid, used or invalid. */
export async function loadResetLink(
  input: Pick<WebAppConfig, "accountBase"> & { resetToken: string },
): Promise<ResetLink> {
  const body = checkInput(resetLinkRequest, { token: input.resetToken });
  const answer = await requestJson(
    endpoint(input.accountBase, "player/changepass/link"),
    { method: "POST", body },
    resetLinkResponse,
  );
  return answer.value;
}
