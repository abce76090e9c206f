import { ErrorReason } from "@wegmarke/protocol";
import type {
  Language,
  MissionKind,
  OpsSubmissionsSummary,
  QueuedSubmission,
  Submission as SubmissionView,
  SubmissionState,
  UploadMetadata,
} from "@wegmarke/protocol";
import type { Clock } from "../clock";
import type { ContentPack } from "../content/model";
import { indexById, localize, MISSION_KEEP_DAYS } from "../content/model";
import type { Verdict } from "../engine/types";
import { ServiceError } from "../errors";
import type { SignalBus } from "../events/bus";
import type { GameService } from "../game/game-service";
import { displayNames } from "../game/scoreboard/display-names";
import type { NameRepositories } from "../game/scoreboard/display-names";
import type { BlobStore, ByteRange, StoredBlob } from "../store/blob-store";
import type { Repositories, StoreOf } from "../store/store";
import { checkUpload } from "./media-check";
import { Receiving } from "./receiving";
import type { PhotoMaker } from "./photo-process";
import { awardedAt, queuedPoints, submissionView, threadEvent } from "./submission-views";
import { SignedLinks } from "./signed-links";
import type { SubmissionFile } from "./signed-links";

/** What a player may send (decisions/039): bytes per kind before shrinking, files in all. */
export type SubmissionLimits = { bytes: Record<MissionKind, number>; perPlayer: number };

export const SUBMISSION_LIMITS: SubmissionLimits = {
  // A phone shrinks its photo to a few hundred kilobytes; a gallery's original may be larger.
  bytes: { photo: 25 * 1024 * 1024, video: 150 * 1024 * 1024, voice: 20 * 1024 * 1024 },
  perPlayer: 200,
};

/** A mission's length when its tag gives none (docs/content-authoring.md, "Missions"). */
const DEFAULT_SECONDS = 30;

/** A whole upload: its id and the file of its bytes. */
export type ReceivedFile = { id: string; file: string };

/** Who sends: the player, their team (null alone) and the stream they play on. */
export type Sender = { playerId: number; teamId: number | null; stream: string; name?: string };

/** A host's verdict as the console gives it. */
export type HostVerdict = { approved: boolean; points?: number; line?: string };

/** A change of the queue, for the consoles' live stream. */
export type QueueChange = { kind: "waiting" | "judged"; id: number };

export type SubmissionServiceDeps = {
  store: StoreOf<Pick<Repositories, "submissions"> & NameRepositories>;
  blobs: BlobStore;
  /** Makes the kept copy of a photo (missions/photo-process.ts). */
  photos: PhotoMaker;
  game: GameService;
  pack: ContentPack;
  clock: Clock;
  /** The server's secret: links are signed with it, members' keys derived from it. */
  secret: Buffer;
  /** The path before the links' `/api/` (a preview's `/preview/<id>`). */
  linkBase?: string;
  limits?: SubmissionLimits;
  /** After commit: a submission waits for a host, or was judged. */
  onQueueChange?: (change: QueueChange) => void;
  onError?: (error: unknown, message: string) => void;
};

/**
 * Missions' submissions (decisions/039): the checks before an upload starts, a whole upload
 * checked, kept and recorded (and judged at once for `#auto`), hosts' verdicts given once,
 * the team's gallery and the hosts' queue with signed links, and the files themselves.
 */
export class SubmissionService {
  private readonly links: SignedLinks;
  private readonly limits: SubmissionLimits;
  private readonly receiving = new Receiving();

  constructor(private readonly deps: SubmissionServiceDeps) {
    this.links = new SignedLinks(deps.secret, deps.linkBase);
    this.limits = deps.limits ?? SUBMISSION_LIMITS;
  }

  /**
   * An account changed (deleted, or its team left): the files of the submissions that went
   * with it leave the blob store. At start, those an interrupted erasure left behind.
   */
  subscribeSignals(bus: SignalBus): void {
    const sweep = () => {
      this.sweepErased().catch((error: unknown) =>
        this.deps.onError?.(error, "erased submissions' files not deleted"),
      );
    };
    bus.on("account", sweep);
    sweep();
  }

  /** Erases, files and all, what was sent before game.yaml's `missions.keepDays`; how many. */
  async sweepRetention(): Promise<number> {
    const { store, pack, clock } = this.deps;
    const days = pack.missions?.keepDays ?? MISSION_KEEP_DAYS;
    const before = new Date(clock.now().getTime() - days * 24 * 60 * 60 * 1000).toISOString();
    const erased = await store.repos.submissions.eraseOlderThan(before);
    if (erased > 0) await this.sweepErased();
    return erased;
  }

  /** Deletes the files of erased submissions from the blob store; returns how many. */
  async sweepErased(): Promise<number> {
    const { store, blobs } = this.deps;
    let deleted = 0;
    // Bounded: 100 rounds of 100 submissions each, the rest at the next change.
    for (let round = 0; round < 100; round++) {
      const prefixes = await store.repos.submissions.erasedFiles(100);
      if (prefixes.length === 0) break;
      for (const prefix of prefixes) await blobs.deletePrefix(prefix);
      await store.repos.submissions.filesDeleted(prefixes);
      deleted += prefixes.length;
    }
    return deleted;
  }

  /** The largest upload of any kind, for the upload server's own check. */
  get maxBytes(): number {
    return Math.max(...Object.values(this.limits.bytes));
  }

  /**
   * Whether `sender` may start uploading `size` bytes for the mission `meta` names: the station
   * waits for that kind, nothing of it waits for a host, and the limits hold.
   */
  async allowUpload(sender: Sender, meta: UploadMetadata, size: number): Promise<void> {
    const { store, game } = this.deps;
    if (size > this.limits.bytes[meta.kind]) throw new ServiceError(413, ErrorReason.fileTooLarge);
    const mission = await game.awaitedMission(sender.stream, meta.station);
    if (mission?.kind !== meta.kind) throw new ServiceError(409, ErrorReason.noMissionExpected);
    if (await store.repos.submissions.waitingAt(sender.stream, meta.station)) {
      throw new ServiceError(409, ErrorReason.submissionWaiting);
    }
    if ((await store.repos.submissions.countByPlayer(sender.playerId)) >= this.limits.perPlayer) {
      throw new ServiceError(429, ErrorReason.tooManySubmissions);
    }
  }

  /**
   * A whole upload in `file`: checked and kept, recorded in the station's thread, judged at once
   * where the mission needs no host; returns the submission's id. 409 `submission waiting` at
   * once while another upload for the mission is received here (the turn checks the others).
   */
  async receive(sender: Sender, meta: UploadMetadata, upload: ReceivedFile): Promise<number> {
    const mission = `${sender.stream} ${meta.station}`;
    return this.receiving.alone(mission, () => this.receiveOne(sender, meta, upload));
  }

  private async receiveOne(
    sender: Sender,
    meta: UploadMetadata,
    upload: ReceivedFile,
  ): Promise<number> {
    const { blobs, game, photos } = this.deps;
    const mission = await game.awaitedMission(sender.stream, meta.station);
    if (mission?.kind !== meta.kind) throw new ServiceError(409, ErrorReason.noMissionExpected);
    const checked = await checkUpload(
      meta.kind,
      upload.file,
      mission.maxSeconds ?? DEFAULT_SECONDS,
      this.receiving.photosOf(sender.playerId, photos),
    );
    // Kept before the turn, outside its transaction: a submission in the thread has its file.
    const files = `submissions/${upload.id}/`;
    for (const kept of checked.files) {
      await blobs.put(`${files}${kept.name}`, kept.type, kept.input);
    }
    let id = 0;
    let judged = false;
    try {
      await game.submit(sender.stream, meta.station, meta.kind, async (repos, at, awaited) => {
        if (await repos.submissions.waitingAt(sender.stream, meta.station)) {
          throw new ServiceError(409, ErrorReason.submissionWaiting);
        }
        judged = !awaited.auto;
        const row = await repos.submissions.insert({
          stream: sender.stream,
          playerId: sender.playerId,
          teamId: sender.teamId,
          sender: sender.name ?? null,
          stationId: meta.station,
          kind: meta.kind,
          task: awaited.task,
          points: awaited.points,
          type: checked.type,
          size: checked.size,
          seconds: checked.seconds ?? null,
          files,
          state: awaited.auto ? "approved" : "waiting",
          createdAt: at,
        });
        id = row.id;
        const events = [threadEvent(this.deps.secret, row, at)];
        return awaited.auto ? { events, verdict: { kind: "verdict", approved: true } } : { events };
      });
    } catch (error) {
      await blobs.deletePrefix(files);
      throw error;
    }
    if (judged) this.deps.onQueueChange?.({ kind: "waiting", id });
    return id;
  }

  /**
   * A host's verdict (`by`: their login): the dialogue goes on in the same transaction. 409
   * `submission judged` when another host was first, 404 for none waiting under `id`. Returns
   * the points the player gets: the host's (else the mission's), at most the station's.
   */
  async judge(id: number, verdict: HostVerdict, by: string): Promise<number> {
    const { store, game } = this.deps;
    const submission = await store.repos.submissions.byId(id);
    if (!submission) throw new ServiceError(404, ErrorReason.submissionUnavailable);
    if (submission.state !== "waiting") throw new ServiceError(409, ErrorReason.submissionJudged);
    const state: SubmissionState = verdict.approved ? "approved" : "rejected";
    const points = verdict.approved ? (verdict.points ?? submission.points) : 0;
    const line = verdict.line?.trim() || null;
    const engineVerdict: Verdict = {
      kind: "verdict",
      approved: verdict.approved,
      ...(verdict.approved && { points }),
      ...(line !== null && { line }),
    };
    await game.judge(submission.stream, submission.stationId, engineVerdict, async (repos, at) => {
      const won = await repos.submissions.judge(id, {
        state,
        points,
        line,
        judgedAt: at,
        judgedBy: by,
      });
      if (!won) throw new ServiceError(409, ErrorReason.submissionJudged);
      return [threadEvent(this.deps.secret, { ...submission, state }, submission.createdAt)];
    });
    this.deps.onQueueChange?.({ kind: "judged", id });
    return awardedAt(this.deps.pack.stations, submission.stationId, points);
  }

  /** A stream's submissions, oldest first, with links for ten minutes (the team's gallery). */
  async ofStream(stream: string): Promise<SubmissionView[]> {
    const rows = await this.deps.store.repos.submissions.ofStream(stream);
    const now = this.deps.clock.now();
    return rows.map((row) => submissionView(this.deps.secret, this.links, row, now));
  }

  /** The oldest submissions waiting for a host, and how many wait in all. */
  async queue(limit = 50): Promise<{ waiting: QueuedSubmission[]; count: number }> {
    const { store, pack } = this.deps;
    const rows = await store.repos.submissions.waiting(limit);
    const { count } = await store.repos.submissions.waitingSummary();
    const names = await displayNames(store.repos, [...new Set(rows.map((row) => row.stream))]);
    const stations = indexById(pack.stations);
    const now = this.deps.clock.now();
    const language: Language = pack.defaultLanguage;
    const waiting = rows.map((row): QueuedSubmission => {
      const station = stations.get(row.stationId);
      return {
        ...submissionView(this.deps.secret, this.links, row, now),
        Participant: names.get(row.stream) ?? row.stream,
        Station: station ? localize(station.texts, language).title : "",
        Task: row.task,
        ...queuedPoints(station, row.points),
      };
    });
    return { waiting, count };
  }

  /** How many wait for a host, and since when the oldest (the consoles' live stream). */
  async summary(): Promise<OpsSubmissionsSummary> {
    const { count, oldestAt } = await this.deps.store.repos.submissions.waitingSummary();
    return { waiting: count, oldestAt };
  }

  /**
   * A file of a submission, for a link the server signed and that has not expired (403 `link
   * expired` otherwise; 404 for a file no longer kept).
   */
  async open(
    id: number,
    file: SubmissionFile,
    link: { expires: number; signature: string },
    range?: ByteRange,
  ): Promise<StoredBlob & { kind: MissionKind }> {
    const { store, blobs, clock } = this.deps;
    if (!this.links.valid(id, file, link.expires, link.signature, clock.now())) {
      throw new ServiceError(403, ErrorReason.linkExpired);
    }
    const submission = await store.repos.submissions.byId(id);
    const stored = submission && (await blobs.get(`${submission.files}${file}`, range));
    if (!submission || !stored) throw new ServiceError(404, ErrorReason.submissionUnavailable);
    return { ...stored, kind: submission.kind as MissionKind };
  }
}
