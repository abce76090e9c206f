import {
  activateRequest,
  okResponse,
  stationCodeRequest,
  stationCodeResponse,
  stationRequest,
} from "@wegmarke/protocol";
import type { Language } from "@wegmarke/protocol";
import type { Position } from "../lib/distance";
import { checkInput, endpoint, requestJson } from "./http";
import { positionBody } from "./position-body";

type StationCall = { gameBase: string; stationId: number; token: string };

async function stationCall(path: string, { gameBase, stationId, token }: StationCall) {
  const body = checkInput(stationRequest, { StationID: stationId, Hash: token });
  await requestJson(endpoint(gameBase, path), { method: "POST", body }, okResponse);
}

/** Starts a station; its character speaks `language`; `position` where the device knows it. */
export async function activateStation({
  gameBase,
  stationId,
  token,
  language,
  position,
}: StationCall & { language: Language; position?: Position | null }): Promise<void> {
  const body = checkInput(activateRequest, {
    StationID: stationId,
    Hash: token,
    Language: language,
    ...positionBody(position),
  });
  await requestJson(endpoint(gameBase, "station/activate"), { method: "POST", body }, okResponse);
}

/** Opens the station of a QR link's code; answers the station's id. */
export async function openStationCode({
  gameBase,
  code,
  token,
  language,
  position,
}: {
  gameBase: string;
  code: string;
  token: string;
  language: Language;
  position?: Position | null;
}): Promise<number> {
  const body = checkInput(stationCodeRequest, {
    Code: code,
    Hash: token,
    Language: language,
    ...positionBody(position),
  });
  const answer = await requestJson(
    endpoint(gameBase, "station/code"),
    { method: "POST", body },
    stationCodeResponse,
  );
  return answer.value.StationID;
}

export function cancelStation(call: StationCall): Promise<void> {
  return stationCall("station/cancel", call);
}
