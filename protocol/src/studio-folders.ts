import { z } from "zod";
import { stationFolder, storyFolder } from "./studio-forms";

/**
 * The studio's calls on a station's or a story's whole folder (`/api/ops/pack/draft/`): a
 * station removed or copied, a new story from a title, a story removed. They change the draft
 * only: "Entwurf verwerfen" or an earlier version brings a folder back.
 */

/** The hash of a station.yaml or story.yaml as the author last saw it. */
const seen = z.string().max(64);

/**
 * `DELETE /api/ops/pack/draft/station?folder=…&replaces=…`: removes the station's folder,
 * where its station.yaml still has the hash `replaces` (409 with the reason otherwise).
 */
export const opsStationRemoveQuery = z.object({ folder: stationFolder, replaces: seen });
export type OpsStationRemoveQuery = z.infer<typeof opsStationRemoveQuery>;

/** `DELETE /api/ops/pack/draft/story?folder=…&replaces=…`: removes the story's folder. */
export const opsStoryRemoveQuery = z.object({ folder: storyFolder, replaces: seen });
export type OpsStoryRemoveQuery = z.infer<typeof opsStoryRemoveQuery>;

/** What a folder's removal removed from the draft. */
export const opsFolderRemoved = z.object({
  folder: z.string(),
  /** The paths of the files removed. */
  removed: z.array(z.string()),
});
export type OpsFolderRemoved = z.infer<typeof opsFolderRemoved>;

/**
 * `POST /api/ops/pack/draft/station/copy`: a copy of the station with the next free number, its
 * media and its media paths moved to that number, its titles marked as the copy.
 */
export const opsStationCopyRequest = z.object({ folder: stationFolder });
export type OpsStationCopyRequest = z.infer<typeof opsStationCopyRequest>;

/** `POST /api/ops/pack/draft/stories`: a new story with a headline, in the game's languages. */
export const opsStoryCreate = z.object({ title: z.string().trim().min(1).max(200) });
export type OpsStoryCreate = z.infer<typeof opsStoryCreate>;

/** A station or story made in the draft: its folder and number. */
export const opsFolderCreated = z.object({
  folder: z.string(),
  id: z.number().int().positive(),
});
export type OpsFolderCreated = z.infer<typeof opsFolderCreated>;
