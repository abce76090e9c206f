import { setTimeout as sleep } from "node:timers/promises";
import { z } from "zod";
import type { Bounds, OpsPlaces } from "@wegmarke/protocol";
import { ServiceError } from "../errors";

/*
 * The studio's address search (decisions/037): a typed address becomes places to put a station
 * at, from a geocoder that speaks Nominatim's search API (OpenStreetMap's own, a self-hosted
 * one, or a provider with the same API). Its usage policy is kept: at most one request a
 * second from this instance, answers kept for a day, and a User-Agent that names the game.
 */

/** At most this many places per search. */
const LIMIT = 6;
/** One request a second at most (Nominatim's usage policy). */
const SPACING_MS = 1000;
const TIMEOUT_MS = 8000;
const KEPT_MS = 24 * 60 * 60 * 1000;
const KEPT_SEARCHES = 500;

/** What Nominatim's `format=jsonv2` answers; other fields are left alone. */
const nominatimAnswer = z.array(
  z.object({
    lat: z.coerce.number().min(-90).max(90),
    lon: z.coerce.number().min(-180).max(180),
    display_name: z.string(),
    licence: z.string().optional(),
  }),
);

export type AddressSearchOptions = {
  /** The geocoder's base, e.g. `https://nominatim.openstreetmap.org`. */
  url: string;
  /** Names the game to the geocoder's operators, as their policy asks. */
  userAgent: string;
  now?: () => number;
  wait?: (ms: number) => Promise<unknown>;
};

export class AddressSearch {
  private readonly now: () => number;
  private readonly wait: (ms: number) => Promise<unknown>;
  private readonly kept = new Map<string, { at: number; found: OpsPlaces }>();
  /** The last request's turn: each waits for the one before and a second after it. */
  private turn: Promise<number> = Promise.resolve(-Infinity);

  constructor(private readonly options: AddressSearchOptions) {
    this.now = options.now ?? Date.now;
    this.wait = options.wait ?? sleep;
  }

  /** The geocoder's host, for messages. */
  get host(): string {
    return new URL(this.options.url).host;
  }

  /**
   * Places for `query`, best first; those inside `near` (the game's area) are preferred, as
   * the geocoder ranks them. A geocoder that fails or answers nonsense is a 502 with a reason.
   */
  async search(query: string, language: string, near: Bounds | null): Promise<OpsPlaces> {
    const params = new URLSearchParams({
      q: query.trim(),
      format: "jsonv2",
      limit: String(LIMIT),
      "accept-language": language,
    });
    if (near) {
      const [[south, west], [north, east]] = near;
      params.set("viewbox", [west, north, east, south].join(","));
    }
    const key = params.toString();
    const hit = this.kept.get(key);
    if (hit && this.now() - hit.at < KEPT_MS) return hit.found;
    const found = await this.queued(() => this.ask(params));
    this.kept.delete(key);
    this.kept.set(key, { at: this.now(), found });
    if (this.kept.size > KEPT_SEARCHES) this.kept.delete(this.kept.keys().next().value ?? "");
    return found;
  }

  /** Runs `request` a second after the one before it started, one at a time. */
  private queued<T>(request: () => Promise<T>): Promise<T> {
    const run = this.turn.then(async (last) => {
      const due = last + SPACING_MS - this.now();
      if (due > 0) await this.wait(due);
      return { started: this.now(), outcome: request() };
    });
    // The next waits until this one is answered, and then for the rest of the second.
    this.turn = run.then(({ started, outcome }) =>
      outcome.then(
        () => started,
        () => started,
      ),
    );
    return run.then(({ outcome }) => outcome);
  }

  private async ask(params: URLSearchParams): Promise<OpsPlaces> {
    const url = `${this.options.url.replace(/\/+$/, "")}/search?${params}`;
    const fail = (why: string) =>
      new ServiceError(
        502,
        `the address search (${this.host}) ${why}; try again or drag the marker`,
      );
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { "user-agent": this.options.userAgent, accept: "application/json" },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw fail("did not answer");
    }
    const body: unknown = await response.json().catch(() => undefined);
    if (!response.ok) throw fail(`answered ${response.status}`);
    const parsed = nominatimAnswer.safeParse(body);
    if (!parsed.success) throw fail("answered in a form it does not know");
    return {
      places: parsed.data.map((place) => ({
        label: place.display_name,
        latitude: place.lat,
        longitude: place.lon,
      })),
      licence: parsed.data.find((place) => place.licence)?.licence ?? null,
    };
  }
}

/** The box the game's stations and map picture span, widened by a quarter on every side. */
export function searchArea(
  points: { latitude: number; longitude: number }[],
  image: Bounds | null,
) {
  const latitudes = points.map((p) => p.latitude);
  const longitudes = points.map((p) => p.longitude);
  if (image) {
    latitudes.push(image[0][0], image[1][0]);
    longitudes.push(image[0][1], image[1][1]);
  }
  if (latitudes.length === 0) return null;
  const [south, north] = [Math.min(...latitudes), Math.max(...latitudes)];
  const [west, east] = [Math.min(...longitudes), Math.max(...longitudes)];
  // At least about a kilometre across, so that one station still has an area around it.
  const padLatitude = Math.max((north - south) / 4, 0.005);
  const padLongitude = Math.max((east - west) / 4, 0.008);
  const bounds: Bounds = [
    [Math.max(-90, south - padLatitude), Math.max(-180, west - padLongitude)],
    [Math.min(90, north + padLatitude), Math.min(180, east + padLongitude)],
  ];
  return bounds;
}
