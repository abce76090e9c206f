import { optinAnonRequest, optinAnonResponse, optinTokenResponse } from "@wegmarke/protocol";
import type { Language, WebAppConfig } from "@wegmarke/protocol";
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
