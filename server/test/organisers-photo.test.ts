import {
  opsConversationView,
  opsInbox,
  organisersResponse,
  organisersSendResponse,
  serverEventSchemas,
} from "@wegmarke/protocol";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api } from "./support/api";
import { dialects } from "./support/dialects";
import type { TestDatabase } from "./support/dialects";
import { opsCall, playerIdNamed } from "./support/ops-client";
import { startApp, teamPack } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/**
 * A photo with a message to the organisers on both databases: made as a mission's photo is
 * (shrunk, EXIF gone), with signed links to it and its thumbnail in the app's and the console's
 * views; refused when it is no photo; gone with the player's account.
 */

const TOKEN = "photo-token-".padEnd(48, "p");

/** A camera's photo: 3000 × 2000 pixels with its EXIF (the camera's make). */
const cameraPhoto = () =>
  sharp({ create: { width: 3000, height: 2000, channels: 3, background: "#6a4" } })
    .jpeg()
    .withExif({ IFD0: { Make: "Wegmarke Kamera" } })
    .toBuffer();

describe.each(dialects)("a photo sent to the organisers ($name)", (dialect) => {
  let db: TestDatabase;
  let app: TestApp;
  let api: Api;

  const send = async (body: Record<string, unknown>) => {
    const response = await api.post("/api/game/organisers", body);
    return { status: response.status, text: await response.text() };
  };
  const image = async (path: string) => {
    const response = await fetch(`${app.url}${path}`);
    return { status: response.status, type: response.headers.get("content-type"), response };
  };

  beforeAll(async () => {
    db = await dialect.open();
    app = await startApp({
      ...db.where,
      pack: await teamPack("optional"),
      config: { operatorToken: TOKEN },
    });
    api = new Api(app.url);
  });

  afterAll(async () => {
    await app.close();
    await db.done();
  });

  it("keeps the photo shrunk and without EXIF, with links for the app and the console", async () => {
    const { token } = await api.register("0171 7654390", "+491717654390", "Paula");
    const stream = await api.events(token);
    await stream.next();
    const photo = (await cameraPhoto()).toString("base64");

    const sent = await send({ Hash: token, Text: "Ist das der Brunnen?", Photo: photo });
    expect(sent.status, sent.text).toBe(200);
    const mine = organisersSendResponse.parse(JSON.parse(sent.text)).value;
    expect(mine).toMatchObject({ From: "player", Mine: true, Text: "Ist das der Brunnen?" });
    const links = mine.Photo;
    if (!links) throw new Error("the message has no photo");
    expect(links.Url).toMatch(new RegExp(`^/api/organisers/photos/${mine.ID}/file\\?expires=`));

    const full = await image(links.Url);
    expect(full.status).toBe(200);
    expect(full.type).toBe("image/jpeg");
    expect(full.response.headers.get("content-security-policy")).toContain("sandbox");
    const kept = await sharp(Buffer.from(await full.response.arrayBuffer())).metadata();
    expect([kept.width, kept.height]).toEqual([1600, 1067]);
    expect(kept.exif).toBeUndefined();
    const thumb = await image(links.Thumb);
    const small = await sharp(Buffer.from(await thumb.response.arrayBuffer())).metadata();
    expect(Math.max(small.width ?? 0, small.height ?? 0)).toBeLessThan(1600);

    // The stream's event, the conversation read again, the console: each with fresh links.
    const [event] = (await stream.until("organisers")).slice(-1);
    const heard = serverEventSchemas.organisers.parse(JSON.parse(event?.data ?? "")).Messages;
    expect(heard[0]?.Photo?.Url).toMatch(/^\/api\/organisers\/photos\/\d+\/file\?/);
    const read = await fetch(`${app.url}/api/game/organisers?hash=${token}`);
    const again = organisersResponse.parse(await read.json()).value.Messages.at(-1);
    expect((await image(again?.Photo?.Thumb ?? "")).status).toBe(200);
    const id = await playerIdNamed(app, TOKEN, "Paula");
    const view = opsConversationView.parse(
      JSON.parse((await opsCall(app, TOKEN, "GET", `/players/${id}/organisers`)).text),
    );
    expect(view.messages.at(-1)).toMatchObject({ text: "Ist das der Brunnen?" });
    expect((await image(view.messages.at(-1)?.photo?.url ?? "")).status).toBe(200);

    // A photo alone; the inbox shows it as the conversation's last message.
    const alone = await send({ Hash: token, Photo: photo });
    expect(alone.status, alone.text).toBe(200);
    const only = organisersSendResponse.parse(JSON.parse(alone.text)).value;
    expect(only.Text).toBe("");
    const inbox = opsInbox.parse(JSON.parse((await opsCall(app, TOKEN, "GET", "/inbox")).text));
    const last = inbox.conversations.find((c) => c.participant.playerId === id)?.last;
    expect(last).toMatchObject({ id: only.ID, text: "" });
    expect((await image(last?.photo?.thumb ?? "")).status).toBe(200);

    // A link changed, or of another message, opens nothing.
    expect((await image(links.Url.replace(/signature=./, "signature=A"))).status).toBe(403);
    expect((await image(links.Url.replace(`/${mine.ID}/`, `/${only.ID}/`))).status).toBe(403);
    expect((await image(`/api/organisers/photos/${mine.ID}/file`)).status).toBe(400);
  });

  it("refuses what is no photo, and a message with neither text nor photo, saying why", async () => {
    const { token } = await api.register("0171 7654391", "+491717654391", "Quentin");
    const text = Buffer.from("Das ist kein Foto, nur Text.").toString("base64");
    const none = await send({ Hash: token, Photo: text });
    expect(none.status).toBe(415);
    expect(none.text).toContain("unsupported file");
    const empty = await send({ Hash: token });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain("a message needs a text, a photo or both");
    const garbled = await send({ Hash: token, Photo: "kein base64!" });
    expect(garbled.status).toBe(400);
    expect(garbled.text).toContain("not a photo in base64");
    // Nothing of them is in the conversation.
    const read = await fetch(`${app.url}/api/game/organisers?hash=${token}`);
    expect(organisersResponse.parse(await read.json()).value.Messages).toEqual([]);
  });

  it("lets the photo go with the player's account", async () => {
    const { token } = await api.register("0171 7654392", "+491717654392", "Rosa");
    const sent = await send({ Hash: token, Photo: (await cameraPhoto()).toString("base64") });
    const url = organisersSendResponse.parse(JSON.parse(sent.text)).value.Photo?.Url ?? "";
    expect((await image(url)).status).toBe(200);
    await api.game("outro/activate", { Skip: true, Hash: token });
    expect((await image(url)).status).toBe(404);
  });
});
