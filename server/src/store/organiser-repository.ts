import { sql } from "kysely";
import type { Kysely, Selectable } from "kysely";
import type { OrganiserConversationsTable, OrganiserMessagesTable } from "./message-tables";
import type { Database } from "./schema";

export type OrganiserMessageRow = Selectable<OrganiserMessagesTable>;
export type OrganiserConversationRow = Selectable<OrganiserConversationsTable>;
/** A conversation of the inbox: its last message, and a player of its participant to link to. */
export type InboxRow = OrganiserConversationRow & {
  playerId: number;
  last: Pick<OrganiserMessageRow, "playerId" | "operator" | "text" | "photo">;
};
export type InboxFigures = { unread: number; open: number; newest: number };

const teamId = sql`cast(substr(c.stream, 6) as integer)`;

/**
 * A participant's conversation with the organisers (organisers/): its messages, its state for
 * the console's inbox (written with each message, so the inbox reads one row per
 * conversation) and what each player has read of it.
 */
export class OrganiserRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly game: number,
  ) {}

  /** Adds a message and brings its conversation up to date; run it in a transaction. */
  async add(message: Omit<OrganiserMessageRow, "id" | "gameId">): Promise<OrganiserMessageRow> {
    const row = await this.db
      .insertInto("organiserMessages")
      .values({ ...message, gameId: this.game })
      .returningAll()
      .executeTakeFirstOrThrow();
    const fromPlayer = message.playerId !== null;
    // A host's answer means the hosts have read what came before it.
    const state = fromPlayer
      ? { open: 1 }
      : { open: 0, unread: 0, hostRead: row.id, answeredBy: message.operator };
    await this.db
      .insertInto("organiserConversations")
      .values({
        stream: message.stream,
        gameId: this.game,
        lastId: row.id,
        lastAt: row.createdAt,
        unread: fromPlayer ? 1 : 0,
        answeredBy: null,
        hostRead: null,
        ...state,
      })
      .onConflict((conflict) =>
        conflict.column("stream").doUpdateSet((eb) => ({
          lastId: row.id,
          lastAt: row.createdAt,
          ...state,
          ...(fromPlayer && { unread: eb(eb.ref("organiserConversations.unread"), "+", 1) }),
        })),
      )
      .execute();
    return row;
  }

  /** The photo that came with message `messageId`; run it in the transaction of `add`. */
  async addPhoto(messageId: number, photo: Uint8Array, thumb: Uint8Array): Promise<void> {
    await this.db.insertInto("organiserPhotos").values({ messageId, photo, thumb }).execute();
  }

  /** A message's photo or its thumbnail (JPEG), if the message is this game's and has one. */
  async photo(messageId: number, file: "file" | "thumb"): Promise<Uint8Array | undefined> {
    const row = await this.db
      .selectFrom("organiserPhotos as p")
      .innerJoin("organiserMessages as m", "m.id", "p.messageId")
      .select(file === "file" ? "p.photo as bytes" : "p.thumb as bytes")
      .where("p.messageId", "=", messageId)
      .where("m.gameId", "=", this.game)
      .executeTakeFirst();
    return row?.bytes;
  }

  /** The newest `limit` messages of a stream's conversation, oldest first. */
  async messages(stream: string, limit: number): Promise<OrganiserMessageRow[]> {
    const rows = await this.db
      .selectFrom("organiserMessages")
      .selectAll()
      .where("stream", "=", stream)
      .orderBy("id", "desc")
      .limit(limit)
      .execute();
    return rows.reverse();
  }

  conversation(stream: string): Promise<OrganiserConversationRow | undefined> {
    return this.db
      .selectFrom("organiserConversations")
      .selectAll()
      .where("stream", "=", stream)
      .where("gameId", "=", this.game)
      .executeTakeFirst();
  }

  /** Hosts have read a conversation up to `upTo`: its unread are the players' messages after. */
  async hostRead(stream: string, upTo: number): Promise<void> {
    const unread = this.db
      .selectFrom("organiserMessages")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("stream", "=", stream)
      .where("playerId", "is not", null)
      .where("id", ">", upTo);
    await this.db
      .updateTable("organiserConversations")
      .set({ hostRead: upTo, unread })
      .where("stream", "=", stream)
      .where("gameId", "=", this.game)
      .where("lastId", ">=", upTo)
      .where((eb) => eb.or([eb("hostRead", "is", null), eb("hostRead", "<", upTo)]))
      .execute();
  }

  /**
   * The game's conversations, open ones first, then the newest, at most `limit`; each with its
   * player who wrote last, or any member of its team (a conversation a host began).
   */
  async inbox(limit: number): Promise<InboxRow[]> {
    const { rows } = await sql<Record<string, string | number | null>>`
      select c.stream, c.game_id as "gameId", c.last_id as "lastId", c.last_at as "lastAt",
        c.open, c.unread, c.answered_by as "answeredBy", c.host_read as "hostRead",
        l.player_id as "lastPlayerId", l.operator as "lastOperator", l.text as "lastText",
        l.photo as "lastPhoto",
        coalesce(
          (select m.player_id from organiser_messages m
            where m.stream = c.stream and m.player_id is not null order by m.id desc limit 1),
          case when c.stream like 'team:%'
            then (select min(p.id) from players p where p.team_id = ${teamId})
            else cast(substr(c.stream, 8) as integer) end) as "playerId"
      from organiser_conversations c
      join organiser_messages l on l.id = c.last_id
      where c.game_id = ${this.game}
      order by c.open desc, c.last_id desc
      limit ${limit}`.execute(this.db);
    // PostgreSQL answers some integers as strings; a team without members has no one to open.
    return rows.flatMap((row) =>
      row.playerId === null
        ? []
        : [
            {
              stream: String(row.stream),
              gameId: Number(row.gameId),
              lastId: Number(row.lastId),
              lastAt: String(row.lastAt),
              open: Number(row.open),
              unread: Number(row.unread),
              answeredBy: row.answeredBy === null ? null : String(row.answeredBy),
              hostRead: row.hostRead === null ? null : Number(row.hostRead),
              playerId: Number(row.playerId),
              last: {
                playerId: row.lastPlayerId === null ? null : Number(row.lastPlayerId),
                operator: row.lastOperator === null ? null : String(row.lastOperator),
                text: String(row.lastText),
                photo: Number(row.lastPhoto),
              },
            },
          ],
    );
  }

  /** The inbox's figures: unread messages, open conversations, the newest message's id. */
  async figures(): Promise<InboxFigures> {
    const row = await this.db
      .selectFrom("organiserConversations")
      .select((eb) => [
        eb.fn.sum<number | string | null>("unread").as("unread"),
        eb.fn.sum<number | string | null>("open").as("open"),
        eb.fn.max<number | string | null>("lastId").as("newest"),
      ])
      .where("gameId", "=", this.game)
      .executeTakeFirst();
    return {
      unread: Number(row?.unread ?? 0),
      open: Number(row?.open ?? 0),
      newest: Number(row?.newest ?? 0),
    };
  }

  /** The newest message the player has read of the conversation of `stream` (none: null). */
  async readOf(playerId: number, stream: string): Promise<number | null> {
    const row = await this.db
      .selectFrom("organiserReads")
      .select("readId")
      .where("playerId", "=", playerId)
      .where("stream", "=", stream)
      .executeTakeFirst();
    return row?.readId ?? null;
  }

  /** The player has read up to `id`: kept unless they read further before (of the same stream). */
  async markRead(playerId: number, stream: string, id: number): Promise<void> {
    await this.db
      .insertInto("organiserReads")
      .values({ playerId, stream, readId: id })
      .onConflict((conflict) =>
        conflict
          .column("playerId")
          .doUpdateSet({ stream, readId: id })
          .where((eb) =>
            eb.or([
              eb("organiserReads.stream", "!=", stream),
              eb("organiserReads.readId", "<", id),
            ]),
          ),
      )
      .execute();
  }

  /**
   * The conversation of `from` joins that of `to` (a player's becomes their team's): its
   * messages move, and the conversation of `to` is made anew from them, with what hosts had
   * read of `to` (of `from` when `to` had none). Run it in a transaction, before `from` closes.
   */
  async moveStream(from: string, to: string): Promise<void> {
    const [source, target] = await Promise.all([this.conversation(from), this.conversation(to)]);
    const moved = await this.db
      .updateTable("organiserMessages")
      .set({ stream: to })
      .where("stream", "=", from)
      .executeTakeFirst();
    await this.db.deleteFrom("organiserConversations").where("stream", "=", from).execute();
    if (Number(moved.numUpdatedRows) === 0) return;
    const [last] = await this.messages(to, 1);
    if (!last) return;
    const kept = target ?? source;
    const hostRead = kept?.hostRead ?? null;
    const unread = await this.db
      .selectFrom("organiserMessages")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("stream", "=", to)
      .where("playerId", "is not", null)
      .where("id", ">", hostRead ?? 0)
      .executeTakeFirstOrThrow();
    const state = {
      lastId: last.id,
      lastAt: last.createdAt,
      open: last.playerId === null ? 0 : 1,
      unread: Number(unread.n),
      answeredBy: kept?.answeredBy ?? null,
      hostRead,
    };
    await this.db
      .insertInto("organiserConversations")
      .values({ stream: to, gameId: this.game, ...state })
      .onConflict((conflict) => conflict.column("stream").doUpdateSet(state))
      .execute();
  }
}
