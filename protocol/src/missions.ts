import { z } from "zod";
import { MAX_ID, requestBoolean, requestNumber, stationIdSchema } from "./game";
import { requestText, secretText } from "./text";

/**
 * Missions (docs/content-authoring.md, "Missions"; decisions/039): what a player sends for a
 * station's photo, video or voice question, and a host's verdict on it.
 */

export const missionKinds = ["photo", "video", "voice"] as const;
export const missionKindSchema = z.enum(missionKinds);
export type MissionKind = z.infer<typeof missionKindSchema>;

export const submissionStates = ["waiting", "approved", "rejected"] as const;
export const submissionStateSchema = z.enum(submissionStates);
export type SubmissionState = z.infer<typeof submissionStateSchema>;

/**
 * The metadata of an upload's creation (tus `Upload-Metadata`, `POST /api/game/uploads`): the
 * station and the kind it asks for. The file's own name and type are the phone's, and only
 * informative: the server reads the type from the bytes.
 */
export const uploadMetadataSchema = z.object({
  station: stationIdSchema,
  kind: missionKindSchema,
  filename: z.string().max(200).optional(),
  filetype: z.string().max(100).optional(),
});
export type UploadMetadata = z.infer<typeof uploadMetadataSchema>;

/** The response header of an upload's last piece: the submission it became. */
export const SUBMISSION_HEADER = "Wegmarke-Submission";

/** A submission as its team sees it (`GET /api/game/submissions`): links signed for a while. */
export const submissionSchema = z.object({
  ID: z.number().int().positive(),
  StationID: z.number().int().positive(),
  Kind: missionKindSchema,
  State: submissionStateSchema,
  /** In a team: the member who sent it, by key and name (as an answer's echo). */
  Member: z.string().optional(),
  Name: z.string().optional(),
  Timestamp: z.string(),
  /** The file, and a photo's small copy; each link works for ten minutes. */
  Url: z.string(),
  ThumbUrl: z.string().optional(),
  /** A recording's length. */
  Seconds: z.number().nonnegative().optional(),
  /** Once approved: the points it brought. */
  Points: z.number().int().nonnegative().optional(),
});
export type Submission = z.infer<typeof submissionSchema>;

/** `GET /api/game/submissions?hash=`: the participant's, for the gallery. */
export const submissionsQuery = z.object({ hash: secretText });

export const submissionsResponse = z.object({ value: z.array(submissionSchema) });
export type SubmissionsResponse = z.infer<typeof submissionsResponse>;

/** The query of a signed link (`GET /api/submissions/<id>/<file>`). */
export const signedLinkQuery = z.object({
  /** When the link stops working, in minutes since 1970. */
  expires: requestNumber(z.number().int().positive().max(MAX_ID)),
  signature: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});

/** A submission waiting for a host, as the console's queue shows it. */
export const queuedSubmissionSchema = submissionSchema.extend({
  /** The team's, or the player's, name. */
  Participant: z.string(),
  Station: z.string(),
  /** The mission's text, as the character asked. */
  Task: z.string(),
  /**
   * The points an approval brings the player unless the host changes them: the mission's, at
   * most the station's (a station awards no more than its points).
   */
  MissionPoints: z.number().int().nonnegative(),
  /** The most the station awards, whatever points a host gives (absent: a station now gone). */
  StationPoints: z.number().int().nonnegative().optional(),
  /** Set where the live version no longer has the station (a version made live without it). */
  StationGone: z.literal(true).optional(),
});
export type QueuedSubmission = z.infer<typeof queuedSubmissionSchema>;

export const submissionQueueResponse = z.object({
  value: z.object({
    Waiting: z.array(queuedSubmissionSchema),
    /** How many wait in all (the list holds the oldest). */
    Count: z.number().int().nonnegative(),
  }),
});
export type SubmissionQueueResponse = z.infer<typeof submissionQueueResponse>;

/** The most points a host may give one submission. */
export const MAX_VERDICT_POINTS = 10_000;

/** `POST /api/ops/submissions/<id>/verdict`: approve or reject, with points and a line. */
export const verdictRequest = z.object({
  Approved: requestBoolean(),
  Points: requestNumber(z.number().int().min(0).max(MAX_VERDICT_POINTS)).optional(),
  /** What the station's character says back in the chat. */
  Line: requestText().max(500).optional(),
});
export type VerdictRequest = z.infer<typeof verdictRequest>;

export const submissionIdParams = z.object({
  id: requestNumber(z.number().int().positive().max(MAX_ID)),
});

/** The hosts' queue (the console's live `submissions`): how many wait, since when the oldest. */
export const opsSubmissionsSummary = z.object({
  waiting: z.number().int().nonnegative(),
  oldestAt: z.string().nullable(),
});
export type OpsSubmissionsSummary = z.infer<typeof opsSubmissionsSummary>;
