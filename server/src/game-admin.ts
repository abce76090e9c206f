// `npm run game -- add|list|archive` (games/cli.ts); compiled to server/dist/game-admin.js
// beside main.js.
import { runGameCli } from "./games/cli";

process.exitCode = await runGameCli(process.argv.slice(2), {
  env: process.env,
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
