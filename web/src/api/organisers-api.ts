import {
  organisersQuery,
  organisersReadRequest,
  organisersReadResponse,
  organisersResponse,
  organisersSendRequest,
  organisersSendResponse,
} from "@wegmarke/protocol";
import type { OrganisersConversation, OrganisersMessage } from "@wegmarke/protocol";
import { checkInput, endpoint, requestJson } from "./http";

type OrganisersCall = { gameBase: string; token: string };

/** `GET organisers?hash=`: the conversation with the organisers (the newest messages). */
export async function fetchOrganisers({
  gameBase,
  token,
}: OrganisersCall): Promise<OrganisersConversation> {
  const query = checkInput(organisersQuery, { hash: token });
  const url = `${endpoint(gameBase, "organisers")}?${new URLSearchParams(query).toString()}`;
  const { value } = await requestJson(url, { method: "GET" }, organisersResponse);
  return value;
}

/** A message to the organisers: a text, a photo (its bytes in base64) or both. */
export type OutgoingMessage = { text?: string; photo?: string };

/** `POST organisers`: a message to the organisers; answers the message as it was stored. */
export async function sendToOrganisers({
  gameBase,
  token,
  text,
  photo,
}: OrganisersCall & OutgoingMessage): Promise<OrganisersMessage> {
  const body = checkInput(organisersSendRequest, {
    Hash: token,
    ...(text !== undefined && { Text: text }),
    ...(photo !== undefined && { Photo: photo }),
  });
  const { value } = await requestJson(
    endpoint(gameBase, "organisers"),
    { method: "POST", body },
    organisersSendResponse,
  );
  return value;
}

/** `PUT organisers/read`: the player has read up to `read`; answers the newest read now. */
export async function sendOrganisersRead({
  gameBase,
  token,
  read,
}: OrganisersCall & { read: number }): Promise<number | null> {
  const body = checkInput(organisersReadRequest, { Hash: token, Read: read });
  const { value } = await requestJson(
    endpoint(gameBase, "organisers/read"),
    { method: "PUT", body },
    organisersReadResponse,
  );
  return value.Read;
}
