import { createServer } from "node:http";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { HttpSmsProvider } from "./http-provider";
import { SmsError } from "./sms-provider";

type Received = { method: string; authorization: string; contentType: string; body: unknown };
type Handler = (response: ServerResponse, attempt: number) => void;

/** A stub SMS gateway on a free local port; `handle` decides each answer. */
async function gateway(handle: Handler) {
  const received: Received[] = [];
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let text = "";
    request.on("data", (chunk: Buffer) => (text += chunk.toString()));
    request.on("end", () => {
      received.push({
        method: request.method ?? "",
        authorization: request.headers.authorization ?? "",
        contentType: request.headers["content-type"] ?? "",
        body: JSON.parse(text),
      });
      handle(response, received.length);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { url: `http://127.0.0.1:${port}/send`, received };
}

let stop: () => Promise<void> = async () => undefined;

afterEach(async () => {
  await stop();
});

const message = { to: "+491711234567", text: "Dein Wegmarke-Code: 123456" };
const answer = (status: number) => (response: ServerResponse) => response.writeHead(status).end();

function provider(url: string, timeoutMs = 1000) {
  return new HttpSmsProvider({ url, token: "gateway-token", timeoutMs, retries: 2, backoffMs: 10 });
}

describe("HttpSmsProvider", () => {
  it("posts {to, text} as JSON with the bearer token", async () => {
    const stub = await gateway(answer(202));
    await provider(stub.url).send(message);
    expect(stub.received).toEqual([
      {
        method: "POST",
        authorization: "Bearer gateway-token",
        contentType: "application/json",
        body: message,
      },
    ]);
  });

  it("tries again after 5xx answers and succeeds when the gateway recovers", async () => {
    const stub = await gateway((response, attempt) =>
      response.writeHead(attempt < 3 ? 503 : 200).end(),
    );
    await provider(stub.url).send(message);
    expect(stub.received).toHaveLength(3);
  });

  it("gives up after the retries with an SmsError naming the status only", async () => {
    const stub = await gateway(answer(500));
    const sending = provider(stub.url).send(message);
    await expect(sending).rejects.toThrow(SmsError);
    await expect(sending).rejects.toThrow(/^gateway answered 500$/);
    expect(stub.received).toHaveLength(3);
  });

  it("does not try again after a 4xx answer", async () => {
    const stub = await gateway(answer(401));
    await expect(provider(stub.url).send(message)).rejects.toThrow("gateway answered 401");
    expect(stub.received).toHaveLength(1);
  });

  it("times out a gateway that does not answer, and tries again", async () => {
    const stub = await gateway((response, attempt) => {
      // The first attempt hangs past the timeout; the second is answered.
      if (attempt > 1) response.writeHead(200).end();
    });
    const started = Date.now();
    await provider(stub.url, 200).send(message);
    expect(stub.received).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
  });

  it("tries again, with growing waits, when the gateway cannot be reached, then fails", async () => {
    const stub = await gateway(answer(200));
    await stop();
    const started = Date.now();
    await expect(provider(stub.url).send(message)).rejects.toThrow(
      "gateway unreachable or too slow",
    );
    // Waits of 10 and 20 ms between the three attempts.
    expect(Date.now() - started).toBeGreaterThanOrEqual(30);
  });
});
