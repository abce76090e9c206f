import { parseServerEvent } from "@wegmarke/protocol";
import type { ServerEvent } from "@wegmarke/protocol";
import { expect } from "vitest";
import { SseClient } from "./sse-client";
import type { SseMessage } from "./sse-client";

/** A player's calls against a running test app. */
export class Api {
  constructor(readonly url: string) {}

  post(path: string, body: unknown): Promise<Response> {
    return fetch(`${this.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
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
