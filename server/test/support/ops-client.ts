import { opsPlayersPage, publicContentSchema } from "@wegmarke/protocol";

/** A running test app, as far as these calls need it. */
type Reachable = { url: string };

/** An operators' API call (`/api/ops…`) with the bearer `token`: status, text and JSON. */
export async function opsCall(
  app: Reachable,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; text: string; json: unknown }> {
  const response = await fetch(`${app.url}/api/ops${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined && { "content-type": "application/json" }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  const json: unknown = response.headers.get("content-type")?.startsWith("application/json")
    ? JSON.parse(text)
    : null;
  return { status: response.status, text, json };
}

/** The id of the player the console lists under `name` (0 for none), with the bearer `token`. */
export async function playerIdNamed(app: Reachable, token: string, name: string): Promise<number> {
  const query = new URLSearchParams({ q: name });
  const page = opsPlayersPage.parse((await opsCall(app, token, "GET", `/players?${query}`)).json);
  return page.players.find((player) => player.name === name)?.id ?? 0;
}

/** The game's title as players of `app` (or of a preview's path below it) get it. */
export async function titleOn(app: Reachable, base = ""): Promise<string> {
  const response = await fetch(`${app.url}${base}/webapp/content/de.json`);
  return publicContentSchema.parse(await response.json()).title;
}

/** Waits until `check` holds, polling every 20 ms; how long it took. */
export async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((done) => setTimeout(done, 20));
  }
  return Date.now() - started;
}

/**
 * A console of the operator `name` signed in at `app` with its one-time password, `chosen` set
 * as its own: the session cookie (`name=value`).
 */
export async function consoleSession(
  app: Reachable,
  name: string,
  once: string,
  chosen: string,
): Promise<string> {
  const signIn = await fetch(`${app.url}/api/ops/session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name, password: once }),
  });
  const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const changed = await cookieCall(app, cookie, "PUT", "/password", {
    current: once,
    password: chosen,
  });
  if (changed.status !== 200) throw new Error(`${name}: ${changed.status} ${changed.text}`);
  return cookie;
}

/** An operators' API call with a console's session `cookie`: status and text. */
export async function cookieCall(
  app: Reachable,
  cookie: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; text: string }> {
  const response = await fetch(`${app.url}/api/ops${path}`, {
    method,
    headers: { cookie, ...(body !== undefined && { "content-type": "application/json" }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: response.status, text: await response.text() };
}
