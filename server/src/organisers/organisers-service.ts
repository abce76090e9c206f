import { ErrorReason, ORGANISERS_MESSAGES_LIMIT, OpsReason } from "@wegmarke/protocol";
import type {
  OpsConversation,
  OpsConversationView,
  OpsInbox,
  OpsInboxMessage,
  OpsInboxSummary,
  OrganisersConversation,
  OrganisersMessage,
} from "@wegmarke/protocol";
import type { Clock } from "../clock";
import { madePhoto } from "./message-photo";
import type { MadePhoto, PhotoFile, PhotoMaking } from "./message-photo";
import { ServiceError } from "../errors";
import type { OrganisersSignal, SignalBus } from "../events/bus";
import type { StreamHub } from "../events/stream-hub";
import { isTeamStream } from "../participants/participant";
import type { OrganiserMessageRow } from "../store/organiser-repository";
import type { Repositories, StoreOf } from "../store/store";

/** The conversations the console's inbox lists at most. */
export const INBOX_LIMIT = 200;
/** The inbox shows this much of a conversation's last message. */
const PREVIEW_CHARS = 200;
/** Where a message's photo is served: `/api/organisers/photos/<id>/file` (or `/thumb`). */
export const PHOTO_AREA = "organisers/photos";

/** A player as the console's calls name them: their stream, their name and their team's. */
export type OrganisersPlayer = { id: number; stream: string; name: string; team: string | null };

export type OrganisersDeps = {
  store: StoreOf<Pick<Repositories, "organisers">>;
  clock: Clock;
  /** Tells every instance of a message, once it is committed. */
  bus: SignalBus;
  /** This instance's open streams: the participant's get each message. */
  streams: Pick<StreamHub, "sendTo">;
  /** Players' names by id (a team's members, as the scoreboard names them). */
  playerNames: (ids: number[]) => Promise<Map<number, string>>;
  /** Participants' names by stream (a team's, as the scoreboard names it). */
  streamNames: (streams: string[]) => Promise<Map<string, string>>;
  /** A player of the game, undefined for none. */
  findPlayer: (id: number) => Promise<OrganisersPlayer | undefined>;
  /** Makes the kept copy of a photo file and its thumbnail; undefined for no photo. */
  photos: PhotoMaking;
  /** Signs the links to the photos (below PHOTO_AREA) and checks them. */
  links: {
    link(id: number, file: PhotoFile, now: Date): string;
    valid(id: number, file: PhotoFile, expires: number, signature: string, now: Date): boolean;
  };
  /** A host's answer, committed: the participant's phones whose app is closed hear of it. */
  onAnswer?: (stream: string, text: string) => void;
};

/**
 * A participant's conversation with the game's organisers (docs/operations.md, "The inbox"):
 * a player, any member of a team, writes; a host answers. A message is a row of its own, not an
 * event of the story's log: it reaches the participant's open streams on every instance as the
 * unlogged `organisers` event (the bus's `organisers` signal carries it whole), and the app
 * reads the conversation when its stream opens. The console's inbox lists the conversations
 * from their own rows, each written with its message.
 */
export class OrganisersService {
  constructor(private readonly deps: OrganisersDeps) {}

  /** Every instance, this one included, hands each message to its open streams. */
  subscribeSignals(bus: SignalBus): void {
    bus.on("organisers", (message) => {
      this.deps.streams.sendTo(message.stream, "organisers", (owner) => ({
        Messages: [this.appMessage(message, owner?.playerId)],
      }));
    });
  }

  /** The conversation of `stream` as the app of `playerId` shows it. */
  async conversation(stream: string, playerId: number): Promise<OrganisersConversation> {
    const { organisers } = this.deps.store.repos;
    const [rows, read] = await Promise.all([
      organisers.messages(stream, ORGANISERS_MESSAGES_LIMIT),
      organisers.readOf(playerId, stream),
    ]);
    const names = isTeamStream(stream) ? await this.namesOf(rows) : new Map<number, string>();
    return {
      Messages: rows.map((row) => this.appMessage(signalOf(row, names), playerId)),
      Read: read,
    };
  }

  /**
   * A player's message to the organisers: a text, a photo (its bytes as sent) or both. The
   * photo is made as missions' are (upright, 1,600 pixels, no EXIF); 415 for one that is none.
   */
  async send(
    stream: string,
    playerId: number,
    text: string | undefined,
    photo?: Buffer,
  ): Promise<OrganisersMessage> {
    const made = photo === undefined ? undefined : await madePhoto(this.deps.photos, photo);
    const name = isTeamStream(stream)
      ? ((await this.deps.playerNames([playerId])).get(playerId) ?? null)
      : null;
    const message = { stream, playerId, operator: null, text: text ?? "" };
    const { signal } = await this.add(message, name, made);
    return this.appMessage(signal, playerId);
  }

  /**
   * The bytes of a message's photo (`file`) or thumbnail by its signed link; 403 for a link
   * that is not this game's or has expired, 404 for no such photo.
   */
  async photo(
    id: number,
    file: PhotoFile,
    link: { expires: number; signature: string },
  ): Promise<Uint8Array> {
    if (!this.deps.links.valid(id, file, link.expires, link.signature, this.deps.clock.now())) {
      throw new ServiceError(403, ErrorReason.linkExpired);
    }
    const bytes = await this.deps.store.repos.organisers.photo(id, file);
    if (!bytes) throw new ServiceError(404, ErrorReason.photoUnavailable);
    return bytes;
  }

  /** The player has read up to `id`; what they have read now. */
  async markRead(playerId: number, stream: string, id: number): Promise<number | null> {
    const { organisers } = this.deps.store.repos;
    await organisers.markRead(playerId, stream, id);
    return organisers.readOf(playerId, stream);
  }

  /** The inbox's figures for the consoles' header. */
  figures(): Promise<OpsInboxSummary> {
    return this.deps.store.repos.organisers.figures();
  }

  /** The console's inbox: open conversations first, then the newest. */
  async inbox(): Promise<OpsInbox> {
    const { organisers } = this.deps.store.repos;
    const [figures, rows] = await Promise.all([
      organisers.figures(),
      organisers.inbox(INBOX_LIMIT),
    ]);
    // Two reads of names for the whole list: its players' (linked and last authors), its teams'.
    const authors = rows.flatMap((row) => (row.last.playerId === null ? [] : [row.last.playerId]));
    const [names, teams] = await Promise.all([
      this.deps.playerNames([...new Set([...rows.map((row) => row.playerId), ...authors])]),
      this.deps.streamNames(rows.map((row) => row.stream).filter(isTeamStream)),
    ]);
    const conversations = rows.map(({ last, ...row }): OpsConversation => ({
      participant: {
        playerId: row.playerId,
        name: names.get(row.playerId) ?? String(row.playerId),
        team: isTeamStream(row.stream) ? (teams.get(row.stream) ?? null) : null,
      },
      last: {
        id: row.lastId,
        from: last.playerId === null ? "host" : "player",
        name: last.playerId === null ? last.operator : (names.get(last.playerId) ?? null),
        text: last.text.slice(0, PREVIEW_CHARS),
        ...(last.photo === 1 && { photo: this.links(row.lastId) }),
        at: row.lastAt,
      },
      unread: row.unread,
      state: row.open === 1 ? "open" : "answered",
      answeredBy: row.answeredBy,
    }));
    return { ...figures, conversations };
  }

  /** The conversation of the player's participant as the console shows it. */
  async hostConversation(playerId: number): Promise<OpsConversationView> {
    const player = await this.player(playerId);
    const { organisers } = this.deps.store.repos;
    const [rows, conversation] = await Promise.all([
      organisers.messages(player.stream, ORGANISERS_MESSAGES_LIMIT),
      organisers.conversation(player.stream),
    ]);
    const names = await this.namesOf(rows);
    return {
      participant: participantOf(player),
      messages: rows.map((row) => this.opsMessage(row, names)),
      hostRead: conversation?.hostRead ?? null,
    };
  }

  /** A host's answer to the player's participant (or the first word to them). */
  async reply(playerId: number, operator: string | null, text: string): Promise<OpsInboxMessage> {
    const player = await this.player(playerId);
    const { row } = await this.add({ stream: player.stream, playerId: null, operator, text }, null);
    this.deps.onAnswer?.(player.stream, text);
    return this.opsMessage(row, new Map());
  }

  /** Hosts have read the player's conversation up to `upTo`. */
  async hostRead(playerId: number, upTo: number): Promise<void> {
    const player = await this.player(playerId);
    await this.deps.store.repos.organisers.hostRead(player.stream, upTo);
    this.deps.bus.broadcast("inbox", {});
  }

  private async add(
    message: Pick<OrganiserMessageRow, "stream" | "playerId" | "operator" | "text">,
    name: string | null,
    photo?: MadePhoto,
  ): Promise<{ row: OrganiserMessageRow; signal: OrganisersSignal }> {
    const createdAt = this.deps.clock.now().toISOString();
    const row = await this.deps.store.transaction(async (repos) => {
      const added = await repos.organisers.add({ ...message, photo: photo ? 1 : 0, createdAt });
      if (photo) await repos.organisers.addPhoto(added.id, photo.photo, photo.thumb);
      return added;
    });
    const names = new Map<number, string>();
    if (row.playerId !== null && name !== null) names.set(row.playerId, name);
    const signal = signalOf(row, names);
    this.deps.bus.broadcast("organisers", signal);
    return { row, signal };
  }

  private links(id: number): { url: string; thumb: string } {
    const now = this.deps.clock.now();
    return {
      url: this.deps.links.link(id, "file", now),
      thumb: this.deps.links.link(id, "thumb", now),
    };
  }

  /** A message as the app of `viewer` shows it. */
  private appMessage(message: OrganisersSignal, viewer: number | undefined): OrganisersMessage {
    const photo = message.photo === true ? this.links(message.id) : undefined;
    const common = {
      ID: message.id,
      Text: message.text,
      ...(photo && { Photo: { Url: photo.url, Thumb: photo.thumb } }),
      Timestamp: message.at,
    };
    if (message.playerId === null) return { ...common, From: "organisers" };
    return {
      ...common,
      From: "player",
      ...(message.name !== null && { Name: message.name }),
      ...(message.playerId === viewer && { Mine: true as const }),
    };
  }

  private opsMessage(row: OrganiserMessageRow, names: Map<number, string>): OpsInboxMessage {
    const fromPlayer = row.playerId !== null;
    return {
      id: row.id,
      from: fromPlayer ? "player" : "host",
      name: fromPlayer ? (names.get(row.playerId ?? 0) ?? null) : row.operator,
      text: row.text,
      ...(row.photo === 1 && { photo: this.links(row.id) }),
      at: row.createdAt,
    };
  }

  private async player(playerId: number): Promise<OrganisersPlayer> {
    const player = await this.deps.findPlayer(playerId);
    if (!player) throw new ServiceError(404, OpsReason.playerNotFound);
    return player;
  }

  private namesOf(rows: OrganiserMessageRow[]): Promise<Map<number, string>> {
    const ids = new Set(rows.flatMap((row) => (row.playerId === null ? [] : [row.playerId])));
    return this.deps.playerNames([...ids]);
  }
}

function participantOf(player: OrganisersPlayer): OpsConversation["participant"] {
  return { playerId: player.id, name: player.name, team: player.team };
}

function signalOf(row: OrganiserMessageRow, names: Map<number, string>): OrganisersSignal {
  return {
    stream: row.stream,
    id: row.id,
    playerId: row.playerId,
    name: row.playerId === null ? null : (names.get(row.playerId) ?? null),
    text: row.text,
    ...(row.photo === 1 && { photo: true }),
    at: row.createdAt,
  };
}
