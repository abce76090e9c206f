// `npm run operator -- add|list|remove|reset [NAME]` (operator-accounts/cli.ts); compiled to
// server/dist/operator.js beside main.js.
import { runOperatorCli } from "./operator-accounts/cli";

process.exitCode = await runOperatorCli(process.argv.slice(2), {
  env: process.env,
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
