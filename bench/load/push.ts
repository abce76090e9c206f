/**
 * The push scenario (issue 28): every player's phone takes pushes (a device registered with a
 * push service on this machine, which checks each message's VAPID token and decrypts it:
 * server/test/support/push-service.ts); answers flow at `--rate` over every open stream, and
 * `--news-at` seconds into the measurement a host sends urgent news. Judged: every device's push
 * accepted within `--push-within` seconds of the call, and the answers' p99 and replies over
 * the whole measurement.
 */
import { OpsClient } from "./ops-client";
import type { SetupResult } from "./messages";
import { fmt, printStep, total } from "./report";
import { measure, setUp } from "./scenarios";
import type { Context, Outcome } from "./scenarios";

type Stats = { received: number; refused: number; last: number | null };

async function stats(origin: string): Promise<Stats> {
  return (await (await fetch(`${origin}/stats`)).json()) as Stats;
}

export async function pushScenario(ctx: Context): Promise<Outcome> {
  const { options, report, servers, pool } = ctx;
  const origin = ctx.pushService;
  const token = servers.operatorToken;
  if (origin === undefined || token === undefined) {
    throw new Error(
      "the push scenario needs started servers (their OPERATOR_TOKEN, PUSH_SERVICES)",
    );
  }
  const client = new OpsClient(servers.posts, token, options.requestTimeout * 1000);
  try {
    const ready = await setUp(ctx, true);
    const players = ready.reduce((sum, n) => sum + n, 0);
    const timeoutMs = options.requestTimeout * 1000;
    const started = performance.now();
    const results = await pool.all<SetupResult>(
      (i) => ({
        kind: "subscribe",
        pushOrigin: origin,
        concurrency: Math.max(1, Math.round(32 / options.workers) + (i === 0 ? 1 : 0)),
      }),
      timeoutMs * 10 + 60_000,
    );
    const devices = results.reduce((sum, r) => sum + r.done, 0);
    const failed: Record<string, number> = {};
    for (const r of results)
      for (const [k, v] of Object.entries(r.failed)) failed[k] = (failed[k] ?? 0) + v;
    report.figure(
      "push.subscribed",
      "devices subscribed",
      `${devices} of ${players} in ${fmt.seconds(performance.now() - started)}` +
        (total(failed) > 0 ? `, failed: ${fmt.counts(failed)}` : ""),
      devices,
    );
    if (options.warmup > 0) await measure(ctx, -1, options.rate, ready, options.warmup);
    report.say(
      `-- measurement: ${options.rate} answers/s for ${options.duration} s, urgent news to ` +
        `${devices} devices ${options.newsAt} s into it --`,
    );
    const measuring = measure(ctx, 0, options.rate, ready);
    await new Promise((r) => setTimeout(r, options.newsAt * 1000));
    const before = await stats(origin);
    const sentAt = Date.now();
    const posted = await client.call("POST", "/api/ops/news", {
      text: { de: "Der Turm schließt um 18 Uhr.", en: "The tower closes at 6 pm." },
      urgent: true,
    });
    if (posted.status !== 200)
      throw new Error(`news: ${posted.status} ${posted.body.slice(0, 200)}`);
    const answeredMs = Date.now() - sentAt;
    const deadline = sentAt + options.pushWithin * 1000;
    let now = before;
    while (Date.now() < deadline) {
      now = await stats(origin);
      if (now.received - before.received >= devices) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const accepted = now.received - before.received;
    const lastMs = now.last === null ? NaN : now.last - sentAt;
    const step = await measuring;
    printStep(
      report,
      "measure",
      step,
      servers.instances.map((s) => s.name),
    );
    report.figure("push.callMs", "news call answered after", fmt.ms(answeredMs), answeredMs);
    report.figure(
      "push.accepted",
      "pushes the push service accepted (token checked, payload decrypted)",
      `${accepted} of ${devices}, ${now.refused - before.refused} refused`,
      accepted,
    );
    report.figure(
      "push.allWithin",
      "the last one accepted after the call",
      fmt.seconds(lastMs),
      lastMs,
    );
    const budget = options.p99 ?? 50;
    const ok =
      devices === players &&
      accepted === devices &&
      lastMs <= options.pushWithin * 1000 &&
      step.missing === 0 &&
      total(step.errors) === 0 &&
      step.latency.p99 <= budget;
    const text =
      `${accepted} of ${devices} pushes accepted, the last after ${fmt.seconds(lastMs)} ` +
      `(budget ${options.pushWithin} s), answers p99 ${fmt.ms(step.latency.p99)} (budget ${budget} ms), ` +
      `${step.missing} missing, ${total(step.errors)} errors`;
    return { ok, verdict: `${ok ? "PASS" : "FAIL"}: ${text}` };
  } finally {
    client.close();
  }
}
