/**
 * The module files allowed over 300 lines, each with its own limit and the reason it is one
 * file: a file that grows past its limit fails the lint like any other.
 */
export const longFiles = {
  "server/src/compose/services.ts": {
    max: 330,
    reason: "the composition root: every service of an instance built and wired in one place",
  },
  "bench/load/scenarios.ts": {
    max: 850,
    reason: "every scenario of `npm run bench:load` beside the others, sharing their set-up",
  },
  "bench/load/worker.ts": {
    max: 850,
    reason: "one client process's whole life: its sockets, players and the figures it sends back",
  },
  "bench/load/options.ts": {
    max: 340,
    reason: "every option of `npm run bench:load` with its help and its checks, in one place",
  },
  "bench/load/servers.ts": {
    max: 320,
    reason: "starting, watching and cleaning up the servers and databases a run needs",
  },
  "web/src/i18n/de.ts": {
    max: 640,
    reason: "every German text of the app, as translators edit it",
  },
  "web/src/i18n/en.ts": { max: 640, reason: "every English text of the app, beside the German" },
  "console/src/i18n/en.ts": {
    max: 450,
    reason: "every English text of the console, the source of its keys",
  },
  "console/src/i18n/de.ts": {
    max: 450,
    reason: "every German text of the console, as translators edit it",
  },
  "scripts/test-database.mjs": {
    max: 520,
    reason: "finding, installing and starting the PostgreSQL the tests need, in one script",
  },
  "protocol/src/ops.ts": {
    max: 390,
    reason: "the operators' API and console events, shared by the console and the server",
  },
  "web/src/game/game-reducer.ts": {
    max: 420,
    reason: "the one pure reducer of the game state: every event and action in one switch",
  },
};

for (const [file, { max, reason }] of Object.entries(longFiles)) {
  if (!(max > 300) || !reason) throw new Error(`${file}: a long file needs its limit and reason`);
}
