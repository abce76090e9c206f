import { ErrorReason, languageSchema } from "@wegmarke/protocol";
import type { Language, OptinAnonRequest, OptinToken } from "@wegmarke/protocol";
import type { Clock } from "../clock";
import type { ContentPack } from "../content/model";
import { ServiceError } from "../errors";
import { playerStream } from "../game/participant";
import type { Store } from "../store/store";
import { OptinTokens } from "./optin-tokens";
import { hashToken, newToken } from "./tokens";

/** Reason of the 400 for an apiVersion 2 sign-up without a valid `{realm, id}` token. */
const INVALID_OPTIN_TOKEN = "invalid optin token";

/** A signed-in player as the game sees it. */
export type Player = { id: number; language: Language };

export type AccountServiceDeps = { store: Store; pack: ContentPack; clock: Clock };

/** Anonymous sign-up and token look-up. */
export class AccountService {
  private readonly optinTokens: OptinTokens;

  constructor(private readonly deps: AccountServiceDeps) {
    this.optinTokens = new OptinTokens(deps.pack.id, deps.clock);
  }

  /** A single-use token for apiVersion 2 sign-up. */
  issueOptinToken(): OptinToken {
    return this.optinTokens.issue();
  }

  /** Registers an anonymous player; returns the auth token, which is shown only this once. */
  async optinAnon(request: OptinAnonRequest): Promise<string> {
    const { pack, store, clock } = this.deps;
    if (request.story_id !== pack.id) throw new ServiceError(400, ErrorReason.unknownStory);
    if (pack.settings.apiVersion === 2) {
      if (!request.token || !this.optinTokens.consume(request.token)) {
        throw new ServiceError(400, INVALID_OPTIN_TOKEN);
      }
    }
    // An unknown language (a browser's "en-US") is no reason to refuse a player.
    const language = languageSchema.safeParse(request.language).data ?? pack.defaultLanguage;
    const token = newToken();
    const at = clock.now().toISOString();
    await store.transaction(async (repos) => {
      const id = await repos.players.create({
        tokenHash: hashToken(token),
        storyId: pack.id,
        language,
        createdAt: at,
      });
      const stream = playerStream(id);
      await repos.streams.create(stream);
      await repos.participants.create(stream, at);
    });
    return token;
  }

  /** The player holding `token`; 401 `invalid hash` when it is missing or unknown. */
  async authenticate(token: unknown): Promise<Player> {
    const given = typeof token === "string" ? token.trim() : "";
    const player =
      given === ""
        ? undefined
        : await this.deps.store.repos.players.findByTokenHash(hashToken(given));
    if (!player) throw new ServiceError(401, ErrorReason.invalidHash);
    return { id: player.id, language: player.language };
  }
}
