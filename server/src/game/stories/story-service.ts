import { ErrorReason } from "@wegmarke/protocol";
import type { ContentPack, Story } from "../../content/model";
import { indexById } from "../../content/model";
import { ServiceError } from "../../errors";
import type { GameActivity } from "../../events/bus";
import type { Participant } from "../../participants/participant";
import { readPlayerStatus, stationsWithPoints } from "../player-status";
import type { Turns } from "../turns/turns";

export type StoryServiceDeps = {
  pack: ContentPack;
  turns: Turns;
  /** A story was opened for the first time (the operators' activity feed). */
  onActivity?: (activity: GameActivity) => void;
};

/**
 * `story/activate`: the app opens a story (spec 4: "stories activate on open when live and not
 * done"). Opening is all there is to a story, so an opened story counts as done.
 */
export class StoryService {
  /** Looked up on every call: a reloaded pack counts at once. */
  private get stories(): ReadonlyMap<number, Story> {
    return indexById(this.deps.pack.stories ?? []);
  }

  constructor(private readonly deps: StoryServiceDeps) {}

  /**
   * Marks the story done and current and logs a `playerstatus`. 404 for a story that does not
   * exist or is not live; 409 `story locked` while the participant has fewer stations with
   * points than the story requires. Opening a done story again changes nothing.
   */
  async activate(participant: Participant, storyId: number): Promise<void> {
    const story = this.stories.get(storyId);
    if (!story?.live) throw new ServiceError(404, ErrorReason.storyUnavailable);
    let openedAt: string | undefined;
    await this.deps.turns.run(participant.stream, async (turn) => {
      const { repos, stream } = turn;
      openedAt = undefined;
      if (await repos.storyStates.isDone(stream, storyId)) return;
      const runs = await repos.stationRuns.listByStream(stream);
      if (stationsWithPoints(runs) < story.requiredPoints) {
        throw new ServiceError(409, ErrorReason.storyLocked);
      }
      await repos.storyStates.markDone(stream, storyId, turn.at);
      openedAt = turn.at;
      await repos.participants.setCurrentStory(stream, storyId, turn.at);
      turn.events.push({
        type: "playerstatus",
        data: await readPlayerStatus(repos, this.deps.pack, stream),
      });
    });
    if (openedAt !== undefined) {
      const at = Date.parse(openedAt);
      this.deps.onActivity?.({
        kind: "story",
        stream: participant.stream,
        id: storyId,
        points: 0,
        at,
      });
    }
  }
}
