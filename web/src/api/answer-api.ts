import { answerRequest, buttonRequest, okResponse } from "@wegmarke/protocol";
import { checkInput, endpoint, requestJson } from "./http";

type Call = { gameBase: string; stationId: number; token: string };

/** A typed answer to the station's question. */
export async function sendAnswer({
  gameBase,
  stationId,
  token,
  answer,
}: Call & { answer: string }): Promise<void> {
  const body = checkInput(answerRequest, { StationID: stationId, Answer: answer, Hash: token });
  await requestJson(endpoint(gameBase, "player/answer"), { method: "POST", body }, okResponse);
}

/** A tapped answer button; `target` is the webbutton's Target. */
export async function pressButton({
  gameBase,
  stationId,
  token,
  target,
}: Call & { target: string }): Promise<void> {
  const body = checkInput(buttonRequest, { StationID: stationId, Button: target, Hash: token });
  await requestJson(endpoint(gameBase, "button/activate"), { method: "POST", body }, okResponse);
}
