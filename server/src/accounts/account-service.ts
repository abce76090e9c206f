import { ErrorReason, languageSchema, secretText } from "@wegmarke/protocol";
import type { Language, OptinAnonRequest, OptinToken } from "@wegmarke/protocol";
import type { Clock } from "../clock";
import type { ContentPack } from "../content/model";
import { ServiceError } from "../errors";
import type { SignalBus } from "../events/bus";
import { playerStream } from "../participants/participant";
import { openStream } from "../participants/stream-rows";
import type { StreamRepositories } from "../participants/stream-rows";
import type { Repositories, Store, StoreOf } from "../store/store";
import { erasePlayer } from "./erasure";
import type { ErasureRepositories } from "./erasure";
import type { AccountLimits } from "../security/limits";
import { OptinTokens } from "./optin-tokens";
import { SessionCache } from "./session-cache";
import type { Throttle } from "../security/throttle";
import { openSession } from "./sessions";
import { hashToken } from "../security/tokens";

/** Reason of the 400 for an apiVersion 2 sign-up without a valid `{realm, id}` token. */
const INVALID_OPTIN_TOKEN = "invalid optin token";

/** A signed-in player as the game sees it. */
export type Player = {
  id: number;
  language: Language;
  teamId: number | null;
  /** The signed-in device: the hash of the token the call carried. */
  session: string;
};

/** A sign-up opens the player's stream; a deletion erases the player (erasure.ts). */
type AccountRepositories = Pick<Repositories, "players" | "sessions"> &
  StreamRepositories &
  ErasureRepositories;

export type AccountServiceDeps = {
  store: StoreOf<AccountRepositories> & Pick<Store, "scrub">;
  pack: ContentPack;
  clock: Clock;
  throttle: Throttle;
  limits: AccountLimits;
  /** The server's secret: a member's key in a team is derived from it (participants/member-key). */
  secret: Buffer;
  /** Tells every instance when an account changed, or its player another participant. */
  bus: SignalBus;
};

/** Anonymous sign-up, token look-up and account deletion. */
export class AccountService {
  private readonly optinTokens: OptinTokens;
  private readonly sessions = new SessionCache<Player>();

  constructor(private readonly deps: AccountServiceDeps) {
    this.optinTokens = new OptinTokens(deps.pack.id, deps.clock);
  }

  /**
   * Every instance drops what it cached of a player whose account changed or who plays as
   * another participant now, and every session after signals may have been lost.
   */
  subscribeSignals(bus: SignalBus): void {
    bus.on("account", ({ playerId }) => this.forget(playerId));
    bus.on("moved", ({ playerId }) => this.forget(playerId));
    bus.onMissed(() => this.forgetAll());
  }

  /** A single-use token for apiVersion 2 sign-up. */
  issueOptinToken(): OptinToken {
    return this.optinTokens.issue();
  }

  /**
   * Registers an anonymous player; returns the auth token, which is shown only this once.
   * 429 `too many attempts` past the sign-ups of one address (`ip`: its addressKey) or of the
   * game.
   */
  async optinAnon(request: OptinAnonRequest, ip: string): Promise<string> {
    const { pack, store, clock, throttle } = this.deps;
    if (request.story_id !== pack.id) throw new ServiceError(400, ErrorReason.unknownStory);
    await throttle.anonSignup(ip);
    if (pack.settings.apiVersion === 2) {
      if (!request.token || !this.optinTokens.consume(request.token)) {
        throw new ServiceError(400, INVALID_OPTIN_TOKEN);
      }
    }
    const language = playerLanguage(request.language, pack);
    const at = clock.now().toISOString();
    return store.transaction(async (repos) => {
      const id = await repos.players.create({ storyId: pack.id, language, createdAt: at });
      const stream = playerStream(id);
      await openStream(repos, stream, at);
      return openSession(repos, id, at);
    });
  }

  /**
   * The player holding `token`; 401 `invalid hash` when it is missing, unknown or the session
   * of a registered player went unused for `sessionIdleMs` (the session then ends). Each use moves the session's end
   * on; the time of use is written at most every `sessionTouchMs`.
   */
  async authenticate(token: unknown): Promise<Player> {
    // A token is taken as sent: one with white space around it is no token.
    const given = secretText.safeParse(token);
    if (!given.success) throw new ServiceError(401, ErrorReason.invalidHash);
    const session = hashToken(given.data);
    const now = this.deps.clock.now().getTime();
    const cached = this.sessions.get(session, now);
    if (cached) return cached;
    const { store, limits } = this.deps;
    const row = await store.repos.players.findByTokenHash(session);
    if (!row) throw new ServiceError(401, ErrorReason.invalidHash);
    const idleMs = now - Date.parse(row.sessionUsedAt);
    // An anonymous player's token is the account itself: it has no password to sign in again.
    if (idleMs >= limits.sessionIdleMs && row.phone !== null) {
      await store.repos.sessions.delete(session);
      throw new ServiceError(401, ErrorReason.invalidHash);
    }
    if (idleMs >= limits.sessionTouchMs) {
      await store.repos.sessions.touch(session, new Date(now).toISOString());
    }
    const player = { id: row.id, language: row.language, teamId: row.teamId, session };
    this.sessions.set(session, player, now);
    return player;
  }

  /** What kind of account the player of `token` has: registered with a number, or anonymous. */
  async describe(token: string): Promise<{ Registered: boolean }> {
    const { id } = await this.authenticate(token);
    const player = await this.deps.store.repos.players.find(id);
    if (!player) throw new ServiceError(401, ErrorReason.invalidHash);
    return { Registered: player.phone !== null && player.verifiedAt !== null };
  }

  /** Drops what this instance cached of the player's sessions (their account changed). */
  forget(playerId: number): void {
    this.sessions.forget(playerId);
  }

  /** Drops every cached session (this instance may have missed that some changed). */
  private forgetAll(): void {
    this.sessions.clear();
  }

  /** The player's sessions, team or settings changed: no instance may go on with a cached copy. */
  accountChanged(playerId: number): void {
    this.sessions.forget(playerId);
    this.deps.bus.broadcast("account", { playerId });
  }

  /**
   * The player plays as another participant now (joined a team, or was deleted): their streams
   * end and names and rankings change on every instance.
   */
  participantChanged(playerId: number): void {
    this.sessions.forget(playerId);
    this.deps.bus.broadcast("moved", { playerId });
  }

  /** Keeps the language the player's app speaks now, for the SMS sent to them later. */
  async rememberLanguage(player: Player, language: Language): Promise<void> {
    if (player.language === language) return;
    await this.deps.store.repos.players.update(player.id, { language });
    this.accountChanged(player.id);
  }

  /** Erases the player for good (`outro/activate`); every token of theirs stops working. */
  async deleteAccount(player: Player): Promise<void> {
    await this.deps.store.transaction(async (repos) => {
      // Read again inside the transaction: the player may have joined a team meanwhile.
      const current = await repos.players.find(player.id);
      if (current) await erasePlayer(repos, current, this.deps.secret);
    });
    this.accountChanged(player.id);
    await this.deps.store.scrub();
  }
}

/** The language a player asked for; an unknown one (a browser's "en-US") gets the pack's. */
export function playerLanguage(requested: string | undefined, pack: ContentPack): Language {
  return languageSchema.safeParse(requested).data ?? pack.defaultLanguage;
}
