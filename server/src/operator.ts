// `npm run operator -- add|list|remove|reset [NAME]` (operators/cli.ts); compiled to
// server/dist/operator.js beside main.js.
import { runOperatorCli } from "./operators/cli";

process.exitCode = await runOperatorCli(process.argv.slice(2), {
  env: process.env,
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
