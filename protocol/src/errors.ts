import { z } from "zod";

/** Error codes of the spec's error catalogue (section 8). `000` is a network or local input failure. */
export const ErrorCode = {
  general: "000",
  badRequest: "400",
  invalidHash: "401",
  alreadyRegistered: "402",
  invalidPhone: "403",
  notFound: "404",
  notAcceptable: "406",
  notVerified: "411",
  resetTooSoon: "429",
  loginFailed: "430",
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Plain-text reasons the server answers with, where a client acts on the exact text. */
export const ErrorReason = {
  invalidHash: "invalid hash",
  invalidLastEventId: "invalid lasteventiD parameter",
  /** `GET events` with a `newsafter` that is not a whole number (400). */
  invalidNewsAfter: "invalid newsafter parameter",
  stationUnavailable: "station unavailable",
  /** `PUT push/subscription` naming a push service outside PUSH_SERVICES (400). */
  pushServiceUnknown: "push service not allowed",
  /**
   * `PUT push/subscription` of an endpoint another session subscribed, without its keys (409):
   * the subscription stays that device's.
   */
  pushEndpointTaken: "push endpoint taken",
  /** `station/activate` for a station the participant has finished (409). */
  stationDone: "station done",
  /**
   * `station/activate`, answers, taps, missions and hints before the game's start or from its
   * end on (409, clock.ts).
   */
  gameNotStarted: "game not started",
  gameOver: "game over",
  /** `station/activate` for a station a host closed for the participant (409). */
  stationClosed: "station closed",
  /** `station/activate` for a station that opens only through its QR code (403). */
  stationCodeRequired: "station code required",
  /**
   * `station/activate` from the list for a `secret` station the participant has not found yet:
   * no recommendation naming it has reached them, and they never played it (403).
   */
  stationNotFound: "station not found yet",
  /** `station/activate` without a position for a station that opens only near its place (403). */
  positionRequired: "position required",
  /**
   * `station/activate` too far from a `near` station's place (403): the body is this reason,
   * a colon and the metres still to go, `too far: 120`.
   */
  tooFar: "too far",
  /** `station/code` with a code no station has (404). */
  unknownStationCode: "unknown station code",
  noAnswerExpected: "no answer expected",
  noButtonExpected: "no button input expected",
  unknownButton: "unknown button",
  unknownStory: "unknown story_id",
  /** `story/activate` for a story the pack does not have or that is not live (404). */
  storyUnavailable: "story unavailable",
  /** `story/activate` before the player has as many stations with points as the story requires (409). */
  storyLocked: "story locked",
  /** `player/medium/progress` for media the station never sent to the player (404). */
  contentUnavailable: "content unavailable",
  invalidPhone: "invalid phone",
  alreadyRegistered: "already registered",
  /** `player/upgrade/sms` of a player who has a phone number already (409). */
  accountRegistered: "account registered",
  notVerified: "not verified",
  loginFailed: "login failed",
  /** Verification with a wrong, expired, used-up or unknown SMS code (answered 430). */
  invalidCode: "invalid code",
  resetTooSoon: "password reset within 24 hours",
  /** `changepass` with an auth token needs the current password (400); a wrong one is 430. */
  currentPasswordNeeded: "current password required",
  wrongPassword: "wrong current password",
  /** A new password from the list of the most common ones (400). */
  commonPassword: "password too common",
  /** Rate limits, answered 429 with a Retry-After header. */
  tooManySms: "too many sms",
  tooManyAttempts: "too many attempts",
  /** The SMS gateway failed (503); trying again later may work. */
  smsNotSent: "sms not sent",
  teamsDisabled: "teams not enabled",
  teamInvitationFailed: "team invitation failed",
  /** `team/position` of a player who plays alone (409). */
  notInTeam: "not in a team",
  /** An upload for a mission the station does not ask for now, or of another kind (409). */
  noMissionExpected: "no mission expected",
  /** A verdict on a submission whose station the live version no longer has (409). */
  stationWithdrawn: "station not in the live version",
  /** A second upload while the first of the station waits for its verdict (409). */
  submissionWaiting: "submission waiting",
  /** More submissions than a player may send (429). */
  tooManySubmissions: "too many submissions",
  /** More messages to the organisers than a player may send in an hour (429). */
  tooManyMessages: "too many messages",
  /** More unfinished uploads than a player or an address may have at once (429). */
  tooManyUploads: "too many uploads",
  /** A fault of the server's (its database, its disk) that may pass: the call can be repeated. */
  tryAgain: "try again in a moment",
  /** A file over its kind's size limit (413). */
  fileTooLarge: "file too large",
  /** A file that is not what its mission asks for, read from its bytes (415). */
  unsupportedFile: "unsupported file",
  /** A recording longer than the mission allows (422). */
  recordingTooLong: "recording too long",
  /** A verdict on a submission another host judged first (409). */
  submissionJudged: "submission judged",
  /** A submission that does not exist, or not for this caller (404). */
  submissionUnavailable: "submission unavailable",
  /** A submission's link past its time, or not signed by the server (403). */
  linkExpired: "link expired",
  /** A message's photo that does not exist, or not in this game (404). */
  photoUnavailable: "photo unavailable",
} as const;

/** A failed call as the web app sees it: HTTP status (or 000) and the trimmed body text. */
export const apiErrorSchema = z.object({
  code: z.string(),
  reason: z.string(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
