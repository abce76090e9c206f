import {
  auditPage,
  opsConversationView,
  opsInbox,
  opsInboxMessage,
  opsInboxSummary,
  opsPlayersPage,
  organisersResponse,
  organisersSendResponse,
  serverEventSchemas,
  teamInviteResponse,
} from "@wegmarke/protocol";
import type { OrganisersMessage } from "@wegmarke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api } from "./support/api";
import { dialects } from "./support/dialects";
import { opsCall } from "./support/ops-client";
import type { TestDatabase } from "./support/dialects";
import { SseClient } from "./support/sse-client";
import type { SseMessage } from "./support/sse-client";
import { startApp, teamPack } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/**
 * A participant's conversation with the organisers on both databases: a player writes, the
 * hosts' inbox lists it unread and the consoles hear of it, a host answers, the answer reaches
 * the open streams of the participant (every member of a team) and stays in the conversation.
 */

const TOKEN = "inbox-token-".padEnd(48, "i");
const BEARER = { authorization: `Bearer ${TOKEN}` };
const LIMIT = 3;

describe.each(dialects)("the conversation with the organisers ($name)", (dialect) => {
  let db: TestDatabase;
  let app: TestApp;
  let api: Api;

  const ops = (method: string, path: string, body?: unknown) =>
    opsCall(app, TOKEN, method, path, body);

  const playerId = async (name: string) => {
    const page = opsPlayersPage.parse(JSON.parse((await ops("GET", `/players?q=${name}`)).text));
    const named = page.players.filter((player) => player.name === name);
    expect(named).toHaveLength(1);
    return named[0]?.id ?? 0;
  };

  const inbox = async () => opsInbox.parse(JSON.parse((await ops("GET", "/inbox")).text));

  const write = async (hash: string, text: unknown) => {
    const response = await api.post("/api/game/organisers", { Hash: hash, Text: text });
    return { status: response.status, text: await response.text() };
  };

  const conversation = async (hash: string) => {
    const response = await fetch(`${app.url}/api/game/organisers?hash=${hash}`);
    expect(response.status).toBe(200);
    return organisersResponse.parse(await response.json()).value;
  };

  /** The messages of the stream's next `organisers` event. */
  const heard = async (stream: SseClient): Promise<OrganisersMessage[]> => {
    const [event] = (await stream.until("organisers")).slice(-1);
    return serverEventSchemas.organisers.parse(JSON.parse(event?.data ?? "")).Messages;
  };

  const summaryOf = (messages: SseMessage[]) =>
    opsInboxSummary.parse(JSON.parse(messages.at(-1)?.data ?? ""));

  beforeAll(async () => {
    db = await dialect.open();
    app = await startApp({
      ...db.where,
      pack: await teamPack("optional"),
      config: { operatorToken: TOKEN },
      limits: { organiserMessagesPerPlayer: { limit: LIMIT, windowMs: 60 * 60 * 1000 } },
    });
    api = new Api(app.url);
  });

  afterAll(async () => {
    await app.close();
    await db.done();
  });

  it("takes a player's message to the inbox, and brings the host's answer to the player", async () => {
    const { token } = await api.register("0171 7654331", "+491717654331", "Friederike");
    const console = await SseClient.connect(`${app.url}/api/ops/live`, BEARER);
    const before = summaryOf(await console.until("inbox"));
    const stream = await api.events(token);
    await stream.next();

    const sent = await write(token, "  Wir finden den Brunnen nicht.\nWo ist er?  ");
    expect(sent.status, sent.text).toBe(200);
    const mine = organisersSendResponse.parse(JSON.parse(sent.text)).value;
    expect(mine).toMatchObject({
      From: "player",
      Mine: true,
      Text: "Wir finden den Brunnen nicht.\nWo ist er?",
    });
    expect(mine.Name).toBeUndefined();
    // The player's other devices hear it too.
    expect(await heard(stream)).toEqual([mine]);

    // Every console hears of it at once; the inbox lists it open and unread.
    let summary = summaryOf(await console.until("inbox"));
    expect(summary).toEqual({ unread: before.unread + 1, open: before.open + 1, newest: mine.ID });
    const id = await playerId("Friederike");
    const listed = (await inbox()).conversations.find((c) => c.participant.playerId === id);
    expect(listed).toMatchObject({
      participant: { playerId: id, name: "Friederike", team: null },
      last: { id: mine.ID, from: "player", name: "Friederike", text: mine.Text },
      unread: 1,
      state: "open",
      answeredBy: null,
    });

    const opened = await ops("GET", `/players/${id}/organisers`);
    expect(opened.status, opened.text).toBe(200);
    const view = opsConversationView.parse(JSON.parse(opened.text));
    expect(view.messages).toEqual([
      { id: mine.ID, from: "player", name: "Friederike", text: mine.Text, at: mine.Timestamp },
    ]);
    expect(view.hostRead).toBeNull();
    expect((await ops("POST", `/players/${id}/organisers/read`, { upTo: mine.ID })).status).toBe(
      200,
    );
    summary = summaryOf(await console.until("inbox"));
    expect(summary.unread).toBe(before.unread);

    const reply = await ops("POST", `/players/${id}/organisers`, {
      text: "Hinter der Kirche, links.",
    });
    expect(reply.status, reply.text).toBe(200);
    const answer = opsInboxMessage.parse(JSON.parse(reply.text));
    expect(answer).toMatchObject({ from: "host", name: null, text: "Hinter der Kirche, links." });
    expect(await heard(stream)).toEqual([
      {
        ID: answer.id,
        From: "organisers",
        Text: "Hinter der Kirche, links.",
        Timestamp: answer.at,
      },
    ]);
    expect(summaryOf(await console.until("inbox")).open).toBe(before.open);
    console.close();

    // The conversation stays: the app reads it on its next start, and what it has read.
    const again = await conversation(token);
    expect(again.Messages.map((m) => [m.From, m.Text])).toEqual([
      ["player", mine.Text],
      ["organisers", "Hinter der Kirche, links."],
    ]);
    expect(again.Read).toBeNull();
    const read = await api.post(
      "/api/game/organisers/read",
      { Hash: token, Read: answer.id },
      "PUT",
    );
    expect(await read.json()).toEqual({ value: { Read: answer.id } });
    // An older mark does not undo it.
    await api.post("/api/game/organisers/read", { Hash: token, Read: mine.ID }, "PUT");
    expect((await conversation(token)).Read).toBe(answer.id);

    const answered = (await inbox()).conversations.find((c) => c.participant.playerId === id);
    expect(answered).toMatchObject({ state: "answered", unread: 0, last: { from: "host" } });
    const audit = auditPage.parse(JSON.parse((await ops("GET", "/audit")).text));
    expect(audit.entries[0]).toMatchObject({
      action: "inbox.reply",
      detail: `player ${id}: Hinter der Kirche, links.`,
    });
    stream.close();
  });

  it("shares a team's conversation between its members, each message with who wrote it", async () => {
    const { token: anna } = await api.register("0171 7654332", "+491717654332", "Annelore");
    const invite = await api.post("/api/game/team/invite", { Hash: anna });
    const code = teamInviteResponse.parse(await invite.json()).value;
    const { token: ben } = await api.register("0171 7654333", "+491717654333", "Benedikt");
    const query = new URLSearchParams({ hash: ben, tjr: code });
    expect((await fetch(`${app.url}/api/game/team/join?${query.toString()}`)).status).toBe(200);
    const benStream = await api.events(ben);
    await benStream.next();

    expect((await write(anna, "Wir brauchen einen Tipp")).status).toBe(200);
    const [toBen] = await heard(benStream);
    expect(toBen).toMatchObject({
      From: "player",
      Name: "Annelore",
      Text: "Wir brauchen einen Tipp",
    });
    expect(toBen?.Mine).toBeUndefined();
    expect((await conversation(anna)).Messages[0]).toMatchObject({ Name: "Annelore", Mine: true });

    const annaId = await playerId("Annelore");
    const listed = (await inbox()).conversations.find((c) => c.participant.playerId === annaId);
    expect(listed?.participant).toEqual({
      playerId: annaId,
      name: "Annelore",
      team: "Annelore & Team",
    });
    // Open conversations come first.
    expect((await inbox()).conversations[0]?.state).toBe("open");

    // Either member's id opens the team's conversation; the answer reaches every member.
    const benId = await playerId("Benedikt");
    expect(
      (await ops("POST", `/players/${benId}/organisers`, { text: "Schaut nach oben." })).status,
    ).toBe(200);
    expect((await heard(benStream))[0]).toMatchObject({
      From: "organisers",
      Text: "Schaut nach oben.",
    });
    expect((await conversation(anna)).Messages.map((m) => m.Text)).toEqual([
      "Wir brauchen einen Tipp",
      "Schaut nach oben.",
    ]);
    benStream.close();

    // A member who deletes their account takes their messages along; the team keeps the rest.
    expect((await api.post("/api/game/outro/activate", { Skip: true, Hash: anna })).status).toBe(
      200,
    );
    expect((await conversation(ben)).Messages.map((m) => m.Text)).toEqual(["Schaut nach oben."]);
  });

  it("keeps a player's conversation when they found a team or join one", async () => {
    const { token: carla } = await api.register("0171 7654334", "+491717654334", "Carlotta");
    expect((await write(carla, "Ist der Turm offen?")).status).toBe(200);
    const listed = async (name: string) =>
      (await inbox()).conversations.filter((c) => c.participant.name === name);
    const carlaId = (await listed("Carlotta"))[0]?.participant.playerId;
    const [mine] = (await conversation(carla)).Messages;
    await ops("POST", `/players/${carlaId}/organisers/read`, { upTo: mine?.ID });
    // Founding a team (the first invitation) takes the conversation along, read as it was.
    const invite = await api.post("/api/game/team/invite", { Hash: carla });
    const code = teamInviteResponse.parse(await invite.json()).value;
    expect((await conversation(carla)).Messages.map((m) => m.Text)).toEqual([
      "Ist der Turm offen?",
    ]);
    const team = async () =>
      (await inbox()).conversations.filter((c) => c.participant.team === "Carlotta & Team");
    expect(await team()).toMatchObject([{ unread: 0, state: "open" }]);

    // Joining a team brings one's own messages into the team's conversation, unread.
    const { token: dora } = await api.register("0171 7654335", "+491717654335", "Dorothea");
    expect((await write(dora, "Ich warte am Brunnen.")).status).toBe(200);
    const query = new URLSearchParams({ hash: dora, tjr: code });
    expect((await fetch(`${app.url}/api/game/team/join?${query.toString()}`)).status).toBe(200);
    const shared = await conversation(carla);
    expect(shared.Messages.map((m) => [m.Name, m.Text])).toEqual([
      ["Carlotta", "Ist der Turm offen?"],
      ["Dorothea", "Ich warte am Brunnen."],
    ]);
    expect(await team()).toMatchObject([
      { unread: 1, state: "open", last: { name: "Dorothea", text: "Ich warte am Brunnen." } },
    ]);
    // One conversation of the team; none of Dorothea's own is left.
    expect(await listed("Dorothea")).toMatchObject([{ participant: { team: "Carlotta & Team" } }]);
  });

  it("refuses what is empty, too long or too many, and what names no player", async () => {
    const hash = await api.optin();
    for (const text of ["", "   ", "x".repeat(1001), "a\u0007b", 7]) {
      const refused = await write(hash, text);
      expect(refused.status, String(text)).toBe(400);
    }
    for (let n = 0; n < LIMIT; n++) expect((await write(hash, `Frage ${n}`)).status).toBe(200);
    const flood = await write(hash, "noch eine");
    expect([flood.status, flood.text]).toEqual([429, "too many messages"]);
    expect((await conversation(hash)).Messages).toHaveLength(LIMIT);
    // Another player sees none of it.
    expect((await conversation(await api.optin())).Messages).toEqual([]);

    expect((await ops("GET", "/players/999999/organisers")).status).toBe(404);
    expect((await ops("POST", "/players/999999/organisers", { text: "Hallo" })).status).toBe(404);
    const id = (await inbox()).conversations[0]?.participant.playerId ?? 0;
    expect((await ops("POST", `/players/${id}/organisers`, { text: " " })).status).toBe(400);
    expect((await ops("POST", `/players/${id}/organisers/read`, { upTo: 0 })).status).toBe(400);
    expect((await fetch(`${app.url}/api/game/organisers?hash=nope`)).status).toBe(401);
  });
});
