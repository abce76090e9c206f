import { mediumProgressRequest, mediumProgressResponse } from "@wegmarke/protocol";
import { checkInput, endpoint, requestJson } from "./http";

type ProgressCall = {
  gameBase: string;
  token: string;
  stationId: number;
  contentRef: string;
  ratio: number;
};

/** `player/medium/progress` (spec 7): how much of an audio or video was played. */
export async function reportMediumProgress({
  gameBase,
  token,
  stationId,
  contentRef,
  ratio,
}: ProgressCall): Promise<void> {
  const body = checkInput(mediumProgressRequest, {
    StationID: stationId,
    Hash: token,
    ContentRef: contentRef,
    ProgressRatio: ratio,
  });
  await requestJson(
    endpoint(gameBase, "player/medium/progress"),
    { method: "POST", body },
    mediumProgressResponse,
  );
}
