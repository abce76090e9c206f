import { z } from "zod";

/** The content pack an instance runs, and what its last reload came to (none since start). */
export type PackState = {
  version: string;
  reload?: { at: number; ok: boolean; problems: number };
};

/**
 * What an instance tells the others about itself (ops/presence.ts): the players with a stream
 * open on it, its count of streams and its content pack. One report may come in several parts
 * (a notification holds 8,000 bytes), each with the whole head and a share of the players.
 */
export type Presence = {
  instance: string;
  /** The machine it runs on (its host name), for the operators. */
  host: string;
  /** ms since the epoch. */
  startedAt: number;
  /** Counts the instance's reports: a newer one replaces an older. */
  report: number;
  part: number;
  parts: number;
  streams: number;
  /** This part's share of the players with a stream open on the instance. */
  players: number[];
  pack: PackState;
};

const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

const presenceSchema = z
  .object({
    instance: z.string().regex(/^[\w-]{1,64}$/),
    host: z.string().max(255),
    startedAt: count,
    report: count,
    part: count,
    parts: z.number().int().min(1).max(10_000),
    streams: count,
    players: z.array(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)),
    pack: z.object({
      version: z.string().max(64),
      reload: z.object({ at: count, ok: z.boolean(), problems: count }).optional(),
    }),
  })
  .refine((presence) => presence.part < presence.parts);

export function encodePresence(presence: Presence): string {
  return JSON.stringify(presence);
}

/** The report of a payload; undefined for anything malformed. */
export function decodePresence(json: string): Presence | undefined {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return undefined;
  }
  const parsed = presenceSchema.safeParse(value);
  if (!parsed.success) return undefined;
  const { pack, ...rest } = parsed.data;
  return { ...rest, pack: { version: pack.version, ...(pack.reload && { reload: pack.reload }) } };
}
