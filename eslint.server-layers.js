/**
 * The arrows of docs/architecture.md for server/src as lint rules: each folder with the folders
 * it must not import and why. Tests may combine layers; the code may not. The composition root
 * (app.ts, main.ts, compose/) wires them all and has no entry.
 */
const all = [
  "lib",
  "engine",
  "content",
  "store",
  "security",
  "participants",
  "packs",
  "events",
  "metrics",
  "accounts",
  "teams",
  "game",
  "missions",
  "push",
  "operator-accounts",
  "operator-views",
  "http",
  "compose",
];
const except = (...allowed) => all.filter((folder) => !allowed.includes(folder));
const services = [
  "accounts",
  "teams",
  "game",
  "missions",
  "push",
  "operator-accounts",
  "operator-views",
];
const aboveStore = ["security", "participants", "packs", "events", "metrics", ...services];

export const serverLayers = [
  ["lib", except(), "helpers know nothing of the server"],
  ["engine", except("lib"), "the engine is pure"],
  ["content", except("lib", "engine"), "a pack is loaded before anything runs"],
  ["store", [...aboveStore, "http", "compose"], "the store knows tables, not the game"],
  [
    "security",
    except("lib", "store"),
    "tokens, passwords and limits serve players and operators alike",
  ],
  ["participants", except("lib", "store"), "accounts/, teams/ and game/ build on it"],
  [
    "packs",
    except("lib", "engine", "content", "store"),
    "a pack's versions are files and rows: the game runs what packs/ loads",
  ],
  [
    "events",
    ["security", "packs", "metrics", ...services, "http", "compose"],
    "the services publish into it",
  ],
  ["metrics", except(), "the services report through callbacks; metrics know only prom-client"],
  [
    "accounts",
    [
      "metrics",
      "teams",
      "game",
      "missions",
      "push",
      "operator-accounts",
      "operator-views",
      "http",
      "compose",
    ],
    "a player's account knows neither the game nor teams: they build on it",
  ],
  [
    "teams",
    [
      "metrics",
      "game",
      "missions",
      "push",
      "operator-accounts",
      "operator-views",
      "http",
      "compose",
    ],
    "teams build on accounts/ and participants/, the game meets them there",
  ],
  [
    "game",
    [
      "security",
      "metrics",
      "accounts",
      "teams",
      "missions",
      "push",
      "operator-accounts",
      "operator-views",
      "http",
      "compose",
    ],
    "the game plays for a participant (participants/), whoever signed in",
  ],
  [
    "missions",
    [
      "security",
      "metrics",
      "accounts",
      "teams",
      "push",
      "operator-accounts",
      "operator-views",
      "http",
      "compose",
    ],
    "a mission's submission is a turn of the game (game/) with a file kept in store/",
  ],
  [
    "push",
    [
      "security",
      "metrics",
      "teams",
      "game",
      "missions",
      "operator-accounts",
      "operator-views",
      "http",
      "compose",
    ],
    "pushes reach a player's devices for whichever service: compose/ wires them to it",
  ],
  [
    "operator-accounts",
    except("lib", "store", "security"),
    "operators are not players: they build on security/ and store/",
  ],
  [
    "operator-views",
    ["security", "metrics", "accounts", "push", "operator-accounts", "http", "compose"],
    "the console's view of the game: http/ops-routes.ts serves it and checks the operator",
  ],
  ["http", ["compose"], "the composition root mounts the routes"],
];
