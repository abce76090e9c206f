import { readMarksQuery, readMarksRequest, readMarksResponse } from "@wegmarke/protocol";
import type { ReadMarksValue } from "@wegmarke/protocol";
import { checkInput, endpoint, requestJson } from "./http";

type ReadCall = { gameBase: string; token: string };

/** `GET player/read?hash=`: what the account has read of the stream it plays on. */
export async function fetchReadMarks({ gameBase, token }: ReadCall): Promise<ReadMarksValue> {
  const query = checkInput(readMarksQuery, { hash: token });
  const url = `${endpoint(gameBase, "player/read")}?${new URLSearchParams(query).toString()}`;
  const { value } = await requestJson(url, { method: "GET" }, readMarksResponse);
  return value;
}

/** `PUT player/read`: adds this device's marks to the account's; answers the account's now. */
export async function sendReadMarks({
  gameBase,
  token,
  marks,
}: ReadCall & { marks: ReadMarksValue }): Promise<ReadMarksValue> {
  const body = checkInput(readMarksRequest, { Hash: token, Read: marks });
  const { value } = await requestJson(
    endpoint(gameBase, "player/read"),
    { method: "PUT", body },
    readMarksResponse,
  );
  return value;
}
