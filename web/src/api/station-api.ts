import { activateRequest, okResponse, stationRequest } from "@wegmarke/protocol";
import type { Language } from "@wegmarke/protocol";
import { checkInput, endpoint, requestJson } from "./http";

type StationCall = { gameBase: string; stationId: number; token: string };

async function stationCall(path: string, { gameBase, stationId, token }: StationCall) {
  const body = checkInput(stationRequest, { StationID: stationId, Hash: token });
  await requestJson(endpoint(gameBase, path), { method: "POST", body }, okResponse);
}

/** Starts a station; its character speaks `language`. */
export async function activateStation({
  gameBase,
  stationId,
  token,
  language,
}: StationCall & { language: Language }): Promise<void> {
  const body = checkInput(activateRequest, {
    StationID: stationId,
    Hash: token,
    Language: language,
  });
  await requestJson(endpoint(gameBase, "station/activate"), { method: "POST", body }, okResponse);
}

export function cancelStation(call: StationCall): Promise<void> {
  return stationCall("station/cancel", call);
}
