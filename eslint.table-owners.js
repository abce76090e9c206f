/**
 * Which folder of server/src owns which repository of store/store.ts (decisions/050). Only the
 * owner's services name it in `Pick<Repositories, …>` and call it; another folder goes through
 * the owner's functions (participants/stream-rows.ts, accounts/player-team.ts, the event log's
 * appendEvents, packs/'s storeBlob), or calls it itself where `allowedCalls` says so: only the
 * calls listed there, each with the reason. eslint-rules/table-owner.js checks both; store/ and
 * the composition root hand the whole bag on.
 */
export const tableOwners = {
  // The installation's games (decisions/054): where a request finds its game.
  games: ["games"],
  accounts: ["players", "sessions", "smsCodes", "passwordResets"],
  teams: ["teams", "teamInvitations"],
  // A stream's row numbers its log and holds everything of its game (deleted with it).
  participants: ["participants", "streams"],
  events: ["events"],
  game: [
    "stationRuns",
    "storyStates",
    "mediaProgress",
    "scheduled",
    "news",
    "readMarks",
    "runs",
    "pointAwards",
  ],
  missions: ["submissions", "blobs"],
  push: ["push"],
  security: ["rateHits"],
  "operator-accounts": ["operators"],
  "operator-views": ["figures"],
  packs: ["packs"],
  studio: ["drafts"],
  organisers: ["organisers"],
};

const stationRunsOfTheGame =
  "the join preview counts the points of the game the player would leave, in the " +
  "invitation's transaction; teams/ does not import game/";
const aStreamMoves =
  "a change of team moves (or drops) every row of a stream in one transaction; accounts/ and " +
  "teams/ call it, and the folders of those tables build on participants/";

/** Another folder's repository a folder calls itself: only `calls` (none: handed on), and why. */
export const allowedCalls = [
  {
    folder: "operator-accounts",
    repository: "games",
    calls: ["list"],
    why: "the operators' command line names the games an operator has roles in",
  },
  {
    folder: "game",
    repository: "games",
    calls: ["endOf", "setEnd"],
    why: "the game's clock reads and sets the end a host gives the game, a column of its row",
  },
  {
    folder: "game",
    repository: "participants",
    calls: ["find", "currentStation", "setCurrentStory"],
    why: "a participant's current station and story are what every turn reads and moves",
  },
  {
    folder: "game",
    repository: "streams",
    calls: ["claim", "lastSeq"],
    why: "a turn locks its stream; the event stream checks a client's last id against its end",
  },
  {
    folder: "game",
    repository: "events",
    calls: ["hasRecommendation", "listByStation", "listAfter"],
    why:
      "a turn reads its own stream's log: a recommendation given, a station's media shown; " +
      "the game master reads a participant's chat (game-master.ts)",
  },
  {
    folder: "game",
    repository: "players",
    calls: ["firstNames"],
    why: "the scoreboard's names (display-names.ts); game/ does not import accounts/",
  },
  {
    folder: "game",
    repository: "teams",
    calls: ["founderNames"],
    why: "the scoreboard's names (display-names.ts); game/ does not import teams/",
  },
  {
    folder: "game",
    repository: "submissions",
    calls: [],
    why: "a turn hands its transaction to missions/' `record` and `claim` (game-service.ts)",
  },
  {
    folder: "events",
    repository: "streams",
    calls: ["advance"],
    why: "the log numbers a stream's events with the stream's counter (event-log.ts)",
  },
  {
    folder: "accounts",
    repository: "streams",
    calls: ["lock"],
    why: "the retention sweep locks the streams of the players it erases against their turns",
  },
  {
    folder: "accounts",
    repository: "submissions",
    calls: ["erase"],
    why: "an erasure takes what the player sent in its transaction; accounts/ builds below missions/",
  },
  {
    folder: "accounts",
    repository: "teams",
    calls: ["forgetFounder"],
    why: "an erasure forgets the founder's id in its transaction; accounts/ builds below teams/",
  },
  {
    folder: "accounts",
    repository: "teamInvitations",
    calls: ["deleteExpired"],
    why: "the retention sweep deletes every table's expired rows (retention.ts)",
  },
  {
    folder: "accounts",
    repository: "rateHits",
    calls: ["deleteExpired"],
    why: "the retention sweep deletes every table's expired rows (retention.ts)",
  },
  {
    folder: "teams",
    repository: "stationRuns",
    calls: ["listByStream"],
    why: stationRunsOfTheGame,
  },
  {
    folder: "participants",
    repository: "players",
    calls: ["countInTeam"],
    why: "a team without members goes (team-membership.ts); participants/ is below accounts/",
  },
  { folder: "participants", repository: "teams", calls: ["delete"], why: aStreamMoves },
  {
    folder: "participants",
    repository: "events",
    calls: ["moveStream", "forgetAuthorName"],
    why: aStreamMoves,
  },
  ...["stationRuns", "storyStates", "mediaProgress", "scheduled", "organisers", "pointAwards"].map(
    (repository) => ({
      folder: "participants",
      repository,
      calls: ["moveStream"],
      why: aStreamMoves,
    }),
  ),
  {
    folder: "participants",
    repository: "submissions",
    calls: ["moveStream", "erase"],
    why: aStreamMoves,
  },
  {
    folder: "operator-views",
    repository: "players",
    calls: ["find"],
    why: "the console frees a stuck player by id (game-console.ts); it does not import accounts/",
  },
  {
    folder: "operator-views",
    repository: "submissions",
    calls: ["all"],
    why: "the export zips every submission (submission-export.ts) beside the hosts' queue",
  },
  {
    folder: "studio",
    repository: "packs",
    calls: ["live", "byId", "blobSize", "saveListed"],
    why: "a draft is a change on a version: it reads the live one and its base and is stored as one",
  },
];
