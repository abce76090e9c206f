import { z } from "zod";
import { packPath } from "./studio";
import { opsStationPlace } from "./studio-forms";

const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);

/** `[[south, west], [north, east]]`: where the map's picture lies. */
const bounds = z
  .tuple([z.tuple([latitude, longitude]), z.tuple([latitude, longitude])])
  .refine(([[south, west], [north, east]]) => south < north && west < east, {
    message: "the first corner lies south and west of the second",
  });

/** What the studio's map form edits of game.yaml `map:`: a picture at its corners, tiles, or both. */
export const opsMapForm = z
  .object({
    image: z.object({ path: packPath, bounds }).nullable(),
    tiles: z
      .object({
        url: z
          .string()
          .max(500)
          .regex(/^https?:\/\/.*\{z\}.*\{x\}.*\{y\}/, "a tile address with {z}, {x} and {y}"),
        attribution: z.string().min(1).max(500),
      })
      .nullable(),
  })
  .refine((form) => form.image !== null || form.tiles !== null, {
    message: "the map needs a picture, tiles or both",
  });
export type OpsMapForm = z.infer<typeof opsMapForm>;

/** `GET /api/ops/pack/draft/map`: the map as the draft has it, with what to place on it. */
export const opsMapEdit = z.object({
  hash: z.string(),
  by: z.string().nullable(),
  at: z.string().nullable(),
  /** The game has no map yet. */
  form: opsMapForm.nullable(),
  /** The pictures of the draft's map/ folder. */
  pictures: z.array(z.string()),
  /** Every station of the draft where it lies: the picture's corners are set against them. */
  stations: z.array(opsStationPlace),
});
export type OpsMapEdit = z.infer<typeof opsMapEdit>;

/** `PUT /api/ops/pack/draft/map`. */
export const opsMapSave = z.object({ form: opsMapForm, replaces: z.string().max(64) });

/** `GET /api/ops/pack/draft/media?path=…`: a medium of the draft, as it is saved there. */
export const opsDraftMediumQuery = z.object({ path: packPath });

/** `GET /api/ops/pack/draft/places?q=…&lang=…`: a typed address to look up for a station's place. */
export const opsPlacesQuery = z.object({
  q: z
    .string()
    .trim()
    .min(2, "type at least two letters")
    .max(200)
    .regex(/^\P{Cc}+$/u, "no control characters"),
  /** The language the places are named in: the console's. */
  lang: z.enum(["de", "en"]).default("de"),
});
export type OpsPlacesQuery = z.infer<typeof opsPlacesQuery>;

/** A place the address search found, best first. */
export const opsPlace = z.object({
  label: z.string(),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});
export type OpsPlace = z.infer<typeof opsPlace>;

export const opsPlaces = z.object({
  places: z.array(opsPlace),
  /** The geocoder's data licence, shown under the places (OpenStreetMap's ODbL for Nominatim). */
  licence: z.string().nullable(),
});
export type OpsPlaces = z.infer<typeof opsPlaces>;
