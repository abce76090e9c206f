import { z } from "zod";

/** game.yaml's `map:` (docs/content-authoring.md, "map"). */

/** A media path below `/assets/webapp-data/`. */
const mediaSchema = z.string().min(1);

/** A point as `[latitude, longitude]`. */
const latLngSchema = z.tuple([z.number().min(-90).max(90), z.number().min(-180).max(180)], {
  error: "expected [latitude, longitude]",
});

const BOUNDS_ERROR =
  "expected [[south, west], [north, east]]: the first corner south and west of the second";

/** `[[south, west], [north, east]]`: where the map image lies. */
export const boundsSchema = z
  .tuple([latLngSchema, latLngSchema], { error: BOUNDS_ERROR })
  .refine(([[south, west], [north, east]]) => south < north && west < east, {
    error: BOUNDS_ERROR,
  });

/** `map:` the base map of /webapp/map: an illustrated image, raster tiles, or both. */
export const mapSchema = z
  .strictObject({
    image: z.strictObject({ path: mediaSchema, bounds: boundsSchema }).optional(),
    tiles: z
      .strictObject({
        url: z.string().regex(/^https?:\/\/.*\{z\}.*\{x\}.*\{y\}/, {
          error: "expected a tile address like https://tile.example.org/{z}/{x}/{y}.png",
        }),
        attribution: z.string().min(1),
        maxZoom: z.int().min(1).max(22).optional(),
      })
      .optional(),
  })
  .refine((map) => map.image !== undefined || map.tiles !== undefined, {
    error: "give an image, tiles or both",
  });
