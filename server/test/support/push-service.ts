/**
 * A push service on this machine for tests (RFC 8030): it takes a message only with a valid
 * VAPID token (RFC 8292: ES256 over the audience, not expired, signed by the key it names) and
 * decrypts it with the subscription's keys (RFC 8291, aes128gcm) — our own reading of the
 * standards, apart from the library that encrypts. A subscription can be made to answer 410.
 * A device (a benchmark's client) registers over HTTP, as a browser does with its push service:
 * `POST /subscriptions` answers a subscription; `GET /stats` counts what arrived.
 */
import {
  createECDH,
  createPublicKey,
  hkdfSync,
  createDecipheriv,
  randomBytes,
  verify,
} from "node:crypto";
import type { ECDH } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export type Received = {
  /** The subscription's id (the endpoint's last segment). */
  id: string;
  headers: { ttl?: string; urgency?: string; topic?: string };
  /** The VAPID public key the token was signed with (base64url). */
  vapidKey: string;
  /** The decrypted payload. */
  payload: string;
  /** When it arrived (ms since the epoch). */
  at: number;
};

export type TestSubscription = {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
};

export type TestPushService = {
  origin: string;
  received: Received[];
  /** Refused messages and why (a bad token, a failed decryption). */
  refused: string[];
  subscription(): TestSubscription;
  /** Every later message to `id` is answered with `status` (410: the subscription ended). */
  answer(id: string, status: number): void;
  /** Resolves when `count` messages were received, or rejects after `ms`. */
  waitFor(count: number, ms?: number): Promise<Received[]>;
  close(): Promise<void>;
};

export async function startPushService(): Promise<TestPushService> {
  const devices = new Map<string, { ecdh: ECDH; auth: Buffer }>();
  const statuses = new Map<string, number>();
  const received: Received[] = [];
  const refused: string[] = [];
  const waiters: (() => void)[] = [];

  const server = http.createServer((request, response) => {
    if (request.method === "POST" && request.url === "/subscriptions") {
      request.resume();
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify(subscription()));
      return;
    }
    if (request.method === "GET" && request.url === "/stats") {
      response.writeHead(200, { "content-type": "application/json" });
      const last = received.at(-1)?.at ?? null;
      response.end(JSON.stringify({ received: received.length, refused: refused.length, last }));
      return;
    }
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const id = (request.url ?? "").split("/").pop() ?? "";
      const refuse = (status: number, why: string) => {
        refused.push(why);
        response.writeHead(status).end(why);
      };
      const device = devices.get(id);
      if (request.method !== "POST" || !request.url?.startsWith("/push/") || !device) {
        return refuse(404, `no subscription ${id}`);
      }
      const status = statuses.get(id);
      if (status !== undefined) return response.writeHead(status).end();
      let vapidKey: string;
      try {
        vapidKey = checkVapid(request.headers.authorization ?? "", origin);
      } catch (error) {
        return refuse(401, String(error));
      }
      if (request.headers["content-encoding"] !== "aes128gcm") {
        return refuse(400, `content-encoding ${request.headers["content-encoding"]}`);
      }
      let payload: string;
      try {
        payload = decrypt(Buffer.concat(chunks), device.ecdh, device.auth).toString("utf8");
      } catch (error) {
        return refuse(400, `decryption: ${String(error)}`);
      }
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === "string" ? value : undefined;
      };
      received.push({
        id,
        headers: { ttl: header("ttl"), urgency: header("urgency"), topic: header("topic") },
        vapidKey,
        payload,
        at: Date.now(),
      });
      response.writeHead(201).end();
      for (const wake of waiters.splice(0)) wake();
    });
  });
  // Many devices post at once in a benchmark.
  server.maxConnections = 10_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", 1024, resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function subscription(): TestSubscription {
    const id = randomBytes(8).toString("hex");
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    const auth = randomBytes(16);
    devices.set(id, { ecdh, auth });
    return {
      id,
      endpoint: `${origin}/push/${id}`,
      keys: {
        p256dh: ecdh.getPublicKey().toString("base64url"),
        auth: auth.toString("base64url"),
      },
    };
  }

  return {
    origin,
    received,
    refused,
    subscription,
    answer(id, status) {
      statuses.set(id, status);
    },
    async waitFor(count, ms = 5000) {
      const deadline = Date.now() + ms;
      while (received.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) {
          throw new Error(
            `push service: ${received.length} of ${count} messages, ${refused.join("; ")}`,
          );
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received.slice(0, count);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Checks `vapid t=<JWT>, k=<key>` (RFC 8292); the key it was signed with, or throws. */
function checkVapid(authorization: string, audience: string): string {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization);
  if (!match?.[1] || !match[2]) throw new Error(`authorization: ${authorization || "none"}`);
  const [token, key] = [match[1], match[2]];
  const [head, body, signature] = token.split(".");
  if (!head || !body || !signature) throw new Error("token: not a JWT");
  const header = JSON.parse(Buffer.from(head, "base64url").toString()) as { alg?: string };
  if (header.alg !== "ES256") throw new Error(`token: alg ${header.alg}`);
  const raw = Buffer.from(key, "base64url");
  if (raw.length !== 65 || raw[0] !== 4) throw new Error("k: not an uncompressed P-256 key");
  const publicKey = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: raw.subarray(1, 33).toString("base64url"),
      y: raw.subarray(33).toString("base64url"),
    },
    format: "jwk",
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!signed) throw new Error("token: bad signature");
  const claims = JSON.parse(Buffer.from(body, "base64url").toString()) as {
    aud?: string;
    exp?: number;
    sub?: string;
  };
  if (claims.aud !== audience) throw new Error(`token: aud ${claims.aud}, not ${audience}`);
  const now = Date.now() / 1000;
  if (!claims.exp || claims.exp < now || claims.exp > now + 24 * 3600) {
    throw new Error(`token: exp ${claims.exp}`);
  }
  if (!claims.sub || !/^(mailto:|https:)/.test(claims.sub))
    throw new Error(`token: sub ${claims.sub}`);
  return key;
}

/** RFC 8291's aes128gcm: one record, as a push message is. */
function decrypt(body: Buffer, ecdh: ECDH, auth: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const cipherText = body.subarray(21 + idLength);
  const receiverKey = ecdh.getPublicKey();
  const shared = ecdh.computeSecret(senderKey);
  const info = Buffer.concat([Buffer.from("WebPush: info\0"), receiverKey, senderKey]);
  const ikm = Buffer.from(hkdfSync("sha256", shared, auth, info, 32));
  const cek = Buffer.from(
    hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16),
  );
  const nonce = Buffer.from(
    hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12),
  );
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
  const padded = Buffer.concat([
    decipher.update(cipherText.subarray(0, cipherText.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 2, then zeros.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("no last-record delimiter");
  return padded.subarray(0, end);
}
