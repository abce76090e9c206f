import { ErrorReason } from "@wegmarke/protocol";
import type { Language } from "@wegmarke/protocol";
import type { ContentPack, Station } from "../../content/model";
import type { StepResult } from "../../engine/types";
import { ServiceError } from "../../errors";
import { readParticipantState, withCancelled } from "../player-status";
import type { GameOutcome, Turn } from "./turns";
import { startOutcome } from "./start";

/**
 * Starts `station` in `language` with the script's first step `result`: a different current
 * station is cancelled first. 409 for a station done already or closed by a host; undefined when it is the current
 * one (nothing changes).
 */
export async function activation(
  pack: ContentPack,
  turn: Turn,
  station: Station,
  language: Language,
  result: StepResult,
): Promise<GameOutcome | undefined> {
  const { repos, stream, at } = turn;
  const earlier = await repos.stationRuns.find(stream, station.id);
  if (earlier?.status === "done") throw new ServiceError(409, ErrorReason.stationDone);
  if (earlier?.status === "closed") throw new ServiceError(409, ErrorReason.stationClosed);
  const state = await readParticipantState(repos, stream);
  const current = state.currentStation;
  if (current === station.id) return undefined;
  const cancels = current !== 0;
  const outcome = startOutcome({
    pack,
    stream,
    at,
    station,
    language,
    result,
    origin: { restart: false },
    state: cancels ? withCancelled(state, current) : state,
    earlier,
    before: [],
  });
  return cancels ? { ...outcome, cancelled: [current] } : outcome;
}
