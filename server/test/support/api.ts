import { outboxResponse, parseServerEvent, tokenResponse } from "@wegmarke/protocol";
import type { OutboxMessage, ServerEvent } from "@wegmarke/protocol";
import { expect } from "vitest";
import { SseClient } from "./sse-client";
import type { SseMessage } from "./sse-client";

/** A player's calls against a running test app. */
export class Api {
  constructor(readonly url: string) {}

  post(path: string, body: unknown, method = "POST"): Promise<Response> {
    return fetch(`${this.url}${path}`, {
      method,
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  }

  /** Status and body text of an account call (`player/...`). */
  async account(path: string, body: unknown, method = "POST"): Promise<[number, string]> {
    const response = await this.post(`/api/account/player/${path}`, body, method);
    return [response.status, await response.text()];
  }

  /** Every SMS the app sent so far (`SMS_PROVIDER=outbox`). */
  async outbox(): Promise<OutboxMessage[]> {
    const response = await fetch(`${this.url}/api/dev/outbox`);
    expect(response.status).toBe(200);
    return outboxResponse.parse(await response.json());
  }

  /** The text of the newest SMS to the canonical number `to`. */
  async lastSms(to: string): Promise<string> {
    const message = (await this.outbox()).findLast((m) => m.to === to);
    if (!message) throw new Error(`no SMS to ${to}`);
    return message.text;
  }

  /** The code of the newest SMS to `to`. */
  async lastCode(to: string): Promise<string> {
    const code = /\d{6}/.exec(await this.lastSms(to))?.[0];
    if (!code) throw new Error(`no code in the SMS to ${to}`);
    return code;
  }

  /** Asks for a registration code, which must be sent. */
  async requestCode(phone: string, firstName = "Lena"): Promise<void> {
    const [status, body] = await this.account("optin/sms", {
      first_name: firstName,
      phone,
      story_id: "marburg",
    });
    expect([status, body]).toEqual([200, '{"value":"ok"}']);
  }

  /** Registers `phone` and confirms the code; returns the code (the first password) and token. */
  async register(
    phone: string,
    to: string,
    firstName?: string,
  ): Promise<{ code: string; token: string }> {
    await this.requestCode(phone, firstName);
    const code = await this.lastCode(to);
    const [status, body] = await this.account("optin/sms/verify", { phone, smscode: code });
    expect(status, body).toBe(200);
    return { code, token: tokenResponse.parse(JSON.parse(body)).value };
  }

  /** Signs up anonymously and returns the token. */
  async optin(language?: string): Promise<string> {
    const response = await this.post("/api/account/player/optin/anon", {
      story_id: "marburg",
      ...(language && { language }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const { value } = (await response.json()) as { value: string };
    return value;
  }

  /** A game call that must succeed with `{value: "ok"}`. */
  async game(path: string, body: Record<string, unknown>): Promise<void> {
    const response = await this.post(`/api/game/${path}`, body);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual({ value: "ok" });
  }

  /** Status and body text of a game call expected to fail. */
  async gameFailure(path: string, body: unknown): Promise<[number, string]> {
    const response = await this.post(`/api/game/${path}`, body);
    return [response.status, await response.text()];
  }

  events(hash: string, lastEventId?: number | string, headers: Record<string, string> = {}) {
    const query = new URLSearchParams({ hash });
    if (lastEventId !== undefined) query.set("lasteventid", String(lastEventId));
    return SseClient.connect(`${this.url}/api/game/events?${query.toString()}`, headers);
  }
}

/** Checks a received event against the protocol and returns it typed. */
export function typed(message: SseMessage): ServerEvent {
  return parseServerEvent(
    message.id === undefined ? null : Number(message.id),
    message.event,
    message.data,
  );
}

/** The events' types, in order: a compact way to compare sequences. */
export function types(messages: SseMessage[]): string[] {
  return messages.map((m) => m.event);
}

/** The `Text` of every webtext, in order. */
export function texts(messages: SseMessage[]): string[] {
  return messages.map(typed).flatMap((e) => (e.type === "webtext" ? [e.data.Text] : []));
}
