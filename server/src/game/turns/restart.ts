import { localize, SCRIPT_CHANGED } from "../../content/model";
import type { ContentPack } from "../../content/model";
import { indexById } from "../../content/model";
import { ServiceError } from "../../errors";
import { readParticipantState } from "../player-status";
import { scriptVersion } from "../scripts/script-version";
import type { ScriptRunner } from "../scripts/script-runner";
import type { GameOutcome, Turn } from "./turns";
import { startOutcome } from "./start";

/**
 * Starts a running station afresh because its script changed beyond what its saved state fits:
 * a notice in the chat, then the script from its beginning. The input that found the run stale
 * is used up by that (`refusal`, 409, when the station no longer runs); its delayed messages,
 * reminder and media progress go. Undefined when another call restarted it meanwhile.
 */
export async function restart(
  deps: { pack: ContentPack; scripts: ScriptRunner },
  turn: Turn,
  stationId: number,
  refusal: string,
): Promise<GameOutcome | undefined> {
  const { pack, scripts } = deps;
  const { repos, stream, at } = turn;
  const station = indexById(pack.stations).get(stationId);
  const run = await repos.stationRuns.find(stream, stationId);
  const state = await readParticipantState(repos, stream);
  if (!station || !run || state.currentStation !== stationId || run.status !== "active") {
    throw new ServiceError(409, refusal);
  }
  const { language } = run;
  // Another call restarted it meanwhile: this input belonged to the old conversation.
  if (run.scriptVersion === scriptVersion(station, language)) return undefined;
  const result = await scripts.start(stationId, language, stream);
  const texts = pack.texts.scriptChanged;
  const notice = {
    type: "webtext" as const,
    data: {
      StationID: stationId,
      Originator: localize(station.character, language),
      Text: texts ? localize(texts, language) : SCRIPT_CHANGED[language],
      Timestamp: at,
    },
  };
  const { startedAt, wrongAnswers, hintsUsed } = run;
  const outcome = startOutcome({
    pack,
    stream,
    at,
    station,
    language,
    result,
    origin: { restart: true, startedAt, wrongAnswers, hintsUsed },
    state,
    earlier: run,
    before: [notice],
  });
  return { ...outcome, cleared: [stationId] };
}
