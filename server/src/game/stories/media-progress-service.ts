import { defaultSeenRatio, ErrorReason, languages, webcontentSchema } from "@wegmarke/protocol";
import type { MediumProgressResponse } from "@wegmarke/protocol";
import type { ContentPack, Station } from "../../content/model";
import { indexById } from "../../content/model";
import { ServiceError } from "../../errors";
import { postponeReminder } from "../agenda/agenda";
import type { Participant } from "../../participants/participant";
import type { Turn, Turns } from "../turns/turns";

type Progress = MediumProgressResponse["value"];

/** Message types that carry media the player can play. */
const CONTENT_TYPES = ["webcontent", "webcontent-recommendation"];

export type MediaProgressServiceDeps = { pack: ContentPack; turns: Turns };

/**
 * `player/medium/progress`: how far the participant played an audio or video of a station. The
 * furthest ratio is kept per participant, station and medium; once it passes the message's
 * `SeenRatio` the medium counts as seen, for good. A report also shows that the player is busy
 * with the station, so its idle reminder waits afresh. See docs/decisions/009-media-progress.md.
 */
export class MediaProgressService {
  /** Looked up on every call: a reloaded pack counts at once. */
  private get stations(): ReadonlyMap<number, Station> {
    return indexById(this.deps.pack.stations);
  }

  constructor(private readonly deps: MediaProgressServiceDeps) {}

  /**
   * Records a report; 404 for an unknown station or a medium the station never sent the
   * participant. Video players report many times a second: a report that does not move the
   * ratio on writes nothing but the reminder's new time.
   */
  async report(
    participant: Participant,
    stationId: number,
    contentRef: string,
    ratio: number,
  ): Promise<Progress> {
    const station = this.stations.get(stationId);
    if (!station) throw new ServiceError(404, ErrorReason.stationUnavailable);
    return this.deps.turns.run(participant.stream, async (turn) => {
      const progress = await this.record(turn, station, contentRef, ratio);
      await postponeReminder(turn, station);
      return progress;
    });
  }

  private async record(
    turn: Turn,
    station: Station,
    contentRef: string,
    ratio: number,
  ): Promise<Progress> {
    const { repos, stream, at } = turn;
    const key = { stream, stationId: station.id, contentRef };
    const known = await repos.mediaProgress.find(stream, station.id, contentRef);
    if (!known) {
      const seenRatio = await this.seenRatioOf(turn, station, contentRef);
      if (seenRatio === undefined) throw new ServiceError(404, ErrorReason.contentUnavailable);
      const seenAt = ratio >= seenRatio ? at : null;
      await repos.mediaProgress.insert({
        ...key,
        maxRatio: ratio,
        seenRatio,
        seenAt,
        updatedAt: at,
      });
      return { ContentRef: contentRef, ProgressRatio: ratio, Seen: seenAt !== null };
    }
    if (ratio <= known.maxRatio) {
      return { ContentRef: contentRef, ProgressRatio: known.maxRatio, Seen: known.seenAt !== null };
    }
    const seenAt = known.seenAt ?? (ratio >= known.seenRatio ? at : null);
    await repos.mediaProgress.advance(key, { maxRatio: ratio, seenAt, updatedAt: at });
    return { ContentRef: contentRef, ProgressRatio: ratio, Seen: seenAt !== null };
  }

  /**
   * The seen ratio of a medium the station showed the participant: in a message of its thread,
   * or as the entry's own content (station texts); undefined when it showed no such medium.
   */
  private async seenRatioOf(
    turn: Turn,
    station: Station,
    contentRef: string,
  ): Promise<number | undefined> {
    const rows = await turn.repos.events.listByStation(turn.stream, station.id, CONTENT_TYPES);
    for (const row of rows) {
      const message = webcontentSchema.safeParse(JSON.parse(row.payload));
      if (message.data?.ContentRef === contentRef) {
        return message.data.SeenRatio ?? defaultSeenRatio;
      }
    }
    const entryContent = languages.some((lang) => station.texts[lang]?.content === contentRef);
    return entryContent ? defaultSeenRatio : undefined;
  }
}
