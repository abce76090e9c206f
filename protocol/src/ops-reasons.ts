/** Plain-text reasons of the operator calls. */
export const OpsReason = {
  /** 401 for every `/api/ops/` call without a valid session cookie or token. */
  signInRequired: "operator sign-in required",
  /** 403 for a call that needs a role the operator lacks. */
  authorRequired: "author role required",
  hostRequired: "host role required",
  /** 403 for a call either role opens (the audit log, the QR posters) to a viewer. */
  roleRequired: "host or author role required",
  /** 403 for a game's call by an operator without a role in it (decisions/054). */
  notYourGame: "no role in this game: an admin gives one",
  /** The team's and the games' changes: the installation's admin only (403); 404, 409. */
  adminRequired: "admin role required",
  operatorNotFound: "no such operator",
  operatorExists: "an operator of this name exists",
  ownRoles: "operators cannot change their own roles",
  /** 401 for `POST /api/ops/session` with an unknown name or a wrong password. */
  signInFailed: "sign-in failed",
  /** 404 for a player, station or news item that does not exist. */
  playerNotFound: "no such player",
  stationNotFound: "no such station",
  /** 409 for cancelling or writing into a station that is not the one the player runs. */
  stationNotRunning: "the player does not run this station",
  /** 409 for closing a station the player (their team) has finished, or closed already. */
  stationFinished: "the player has finished this station",
  stationClosed: "the station is closed for the player already",
  /** 409 for reopening a station that is neither closed nor finished for the player. */
  stationOpen: "the station is open for the player",
  /** 409 for bringing a station's next line forward when none waits. */
  nothingWaiting: "no line of the station waits",
  noHintOffered: "the station offers no hint now",
  /** 400 for a jump to a knot the running station's script does not have. */
  unknownKnot: "the station's script has no such knot",
  newsNotFound: "no such news",
  /** 400 for a game's end a host sets before its start. */
  endBeforeStart: "the game must end after it starts",
  /** 403 for every call but `me`, the sign-out and the password change: a one-time password. */
  passwordChangeRequired: "password change required",
  /** 403 for `PUT /api/ops/password` with a wrong current password. */
  wrongPassword: "wrong current password",
  /** 400 for `PUT /api/ops/password` whose new password is the current one. */
  samePassword: "the new password is the current one",
  /** 400 for `PUT /api/ops/password` with OPERATOR_TOKEN: it has no password. */
  noPassword: "the operator token has no password",
} as const;
