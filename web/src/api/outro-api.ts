import { okResponse, outroRequest } from "@wegmarke/protocol";
import { checkInput, endpoint, requestJson } from "./http";

/** Deletes the player's account (`outro/activate` with `Skip`, spec 7). */
export async function deleteAccount({ gameBase, token }: { gameBase: string; token: string }) {
  const body = checkInput(outroRequest, { Skip: true, Hash: token });
  await requestJson(endpoint(gameBase, "outro/activate"), { method: "POST", body }, okResponse);
}
