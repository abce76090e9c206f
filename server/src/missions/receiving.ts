import { ErrorReason } from "@wegmarke/protocol";
import { ServiceError } from "../errors";
import { KeyedQueue } from "../lib/keyed-queue";
import type { PhotoMaker } from "./photo-process";

/**
 * What keeps the uploads of one player from crowding out the others' on this instance: one
 * submission per mission at a time, refused before any check, and each player's photos made
 * one after another, so that another player's photo waits for at most one of theirs.
 */
export class Receiving {
  /** The missions (stream and station) whose submission is being made. */
  private readonly missions = new Set<string>();
  private readonly photoTurns = new KeyedQueue();

  /** Runs `task` for `mission`; 409 `submission waiting` at once while another one runs. */
  async alone<T>(mission: string, task: () => Promise<T>): Promise<T> {
    if (this.missions.has(mission)) throw new ServiceError(409, ErrorReason.submissionWaiting);
    this.missions.add(mission);
    try {
      return await task();
    } finally {
      this.missions.delete(mission);
    }
  }

  /** `photos`, making one photo of `player` at a time. */
  photosOf(player: number, photos: PhotoMaker): PhotoMaker {
    return { make: (file) => this.photoTurns.run(`player:${player}`, () => photos.make(file)) };
  }
}
