/**
 * `--games N`: the installation's games the streams are spread over (decisions/054). The first
 * is the server's own; `bench-2` … `bench-N` are made from the demo through the operators' API
 * (`POST /api/ops/games`, the run's OPERATOR_TOKEN), so every game plays the same pack.
 */
import { OpsClient } from "./ops-client";
import type { Report } from "./report";
import type { Servers } from "./servers";

/** The path prefix of each game: "" for the first, `/g/bench-<n>` for the others. */
export async function makeGames(
  count: number,
  servers: Servers,
  report: Report,
  timeoutMs: number,
): Promise<string[]> {
  if (count <= 1) return [""];
  const token = servers.operatorToken;
  if (token === undefined) throw new Error("--games needs the running server's OPERATOR_TOKEN");
  const client = new OpsClient(servers.posts, token, timeoutMs);
  const prefixes = [""];
  const started = performance.now();
  for (let n = 2; n <= count; n++) {
    const name = `bench-${n}`;
    const made = await client.call("POST", "/api/ops/games", {
      name,
      title: `Bench ${n}`,
      languages: ["de"],
      template: { kind: "demo" },
    });
    if (made.status !== 201) throw new Error(`game ${name}: ${made.status} ${made.body}`);
    prefixes.push(`/g/${name}`);
  }
  report.figure(
    "games",
    "games",
    `${count} (the first and ${count - 1} made from the demo in ${Math.round(performance.now() - started)} ms); the streams spread evenly`,
  );
  return prefixes;
}
