import { okResponse, stationRequest } from "@wegmarke/protocol";
import { checkInput, endpoint, requestJson } from "./http";

type StationCall = { gameBase: string; stationId: number; token: string };

async function stationCall(path: string, { gameBase, stationId, token }: StationCall) {
  const body = checkInput(stationRequest, { StationID: stationId, Hash: token });
  await requestJson(endpoint(gameBase, path), { method: "POST", body }, okResponse);
}

export function activateStation(call: StationCall): Promise<void> {
  return stationCall("station/activate", call);
}

export function cancelStation(call: StationCall): Promise<void> {
  return stationCall("station/cancel", call);
}
