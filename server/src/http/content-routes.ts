import { basename, dirname } from "node:path";
import fastifyStatic from "@fastify/static";
import {
  languages,
  languageSchema,
  mediaSizeQuery,
  publicContentSchema,
  webAppConfigSchema,
} from "@wegmarke/protocol";
import { z } from "zod";
import type { Language, PublicContent, WebAppConfig } from "@wegmarke/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { ContentPack, Station } from "../content/model";
import { mediaFile, pictureRefs, publicContent } from "../content/public";
import {
  DEFAULT_BACKGROUND_COLOR,
  DEFAULT_THEME_COLOR,
  appIconNames,
  webManifest,
} from "../content/web-manifest";
import type { AppIconName } from "../content/web-manifest";
import { ServiceError } from "../errors";
import type { AppIcons } from "../packs/app-icons";
import type { ImageSizes } from "../packs/image-sizes";
import { compressAnswers } from "./compression";
import { parse } from "./parse";
import { doc, wildcard } from "./api-docs/describe";

/** Media change only when the pack is redeployed; an hour spares phones on mobile data. */
const MEDIA_CACHE = "public, max-age=3600";
/** The app fetches these on start; `no-cache` revalidates cheaply with the ETag. */
const SETTINGS_CACHE = "no-cache";

/**
 * The languages the app offers: the pack's, and German's formal form where a station speaks it
 * (a `script.de-formal.ink`), which game.yaml seldom lists, being a way to speak German.
 */
export function offeredLanguages(
  listed: readonly Language[],
  stations: readonly Pick<Station, "scripts">[],
): Language[] {
  const formal = stations.some((station) => station.scripts["de-formal"] !== undefined);
  return languages.filter((one) => listed.includes(one) || (formal && one === "de-formal"));
}

/**
 * What the app needs before sign-in: `/webapp/config.json`. `base`: the path before the
 * server's own, "" but for a preview of the studio's draft (`/preview/<id>`); `fast`: a
 * preview that types five times as quick.
 */
function webAppConfig(pack: ContentPack, base: string, fast: boolean): WebAppConfig {
  return {
    storyId: pack.id,
    title: pack.title.de,
    accountBase: `${base}/api/account/`,
    gameBase: `${base}/api/game/`,
    assetsBase: `${base}/assets/webapp-data/`,
    defaultLanguage: pack.defaultLanguage,
    ...(pack.languages && { languages: offeredLanguages(pack.languages, pack.stations) }),
    ...pack.settings,
    allowTeams: pack.settings.teams !== "off",
    themeColor: pack.app?.themeColor ?? DEFAULT_THEME_COLOR,
    ...(pack.app?.icon !== undefined && {
      appleTouchIcon: `${base}/webapp/app-icons/apple-touch-icon.png`,
    }),
    unreadMessageDelayMs: 5000,
    timePerCharacterInMs: fast ? 3 : 15,
  };
}

function isIconName(name: string): name is AppIconName {
  return (appIconNames as readonly string[]).includes(name);
}

type PictureSizes = NonNullable<PublicContent["pictureSizes"]>;

/** The sizes of the pack's pictures (pictureRefs); one it cannot read is left out. */
async function pictureSizes(pack: ContentPack, sizes: ImageSizes): Promise<PictureSizes> {
  const refs = await pictureRefs(pack);
  const found = await Promise.all(
    refs.map(async (ref) => {
      const file = await mediaFile(pack, ref);
      return file === null ? null : await sizes.dimensions(file);
    }),
  );
  const known: PictureSizes = {};
  refs.forEach((ref, i) => {
    const size = found[i];
    if (size) known[ref] = size;
  });
  return known;
}

/**
 * The pack's public side: app settings, station texts per language, media files; a photo also
 * in the smaller widths of `sizes` (`?w=480`).
 */
export function contentRoutes(
  pack: ContentPack,
  { sizes, icons }: { sizes: ImageSizes; icons: AppIcons },
  base = "",
  fast = false,
): FastifyPluginAsync {
  // Worked out once per loaded pack: each load (studio/content-reload.ts) makes a new station list.
  const sizesOf = new WeakMap<ContentPack["stations"], Promise<PictureSizes>>();
  function knownSizes(): Promise<PictureSizes> {
    let known = sizesOf.get(pack.stations);
    if (known === undefined) {
      known = pictureSizes(pack, sizes);
      sizesOf.set(pack.stations, known);
    }
    return known;
  }

  return async (app) => {
    // The station texts of a language are over 10 KB of JSON.
    await compressAnswers(app);
    app.get(
      "/webapp/config.json",
      {
        config: {
          docs: doc("web app", "What the app needs before sign-in", {
            response: webAppConfigSchema,
          }),
        },
      },
      async (_request, reply) => {
        reply.header("cache-control", SETTINGS_CACHE);
        // Made per request: a reloaded pack (studio/content-reload.ts) counts at once.
        return webAppConfig(pack, base, fast);
      },
    );

    // The installed app is named, coloured and drawn as the game (web-manifest.ts).
    app.get(
      "/webapp/manifest.webmanifest",
      {
        config: {
          docs: doc("web app", "The game's web manifest", {
            produces: "application/manifest+json",
          }),
        },
      },
      async (_request, reply) => {
        reply.header("cache-control", SETTINGS_CACHE).type("application/manifest+json");
        return JSON.stringify(webManifest(pack, base));
      },
    );

    app.get<{ Params: { name: string } }>(
      "/webapp/app-icons/:name",
      {
        config: {
          docs: doc("web app", "The pack's app icon in one size", {
            params: z.object({ name: z.string() }),
            produces: "image/png",
          }),
        },
      },
      async (request, reply) => {
        const { name } = request.params;
        const ref = pack.app?.icon;
        const original = ref === undefined ? null : await mediaFile(pack, ref);
        if (!isIconName(name) || original === null) throw new ServiceError(404, "not found");
        const background = pack.app?.backgroundColor ?? DEFAULT_BACKGROUND_COLOR;
        const png = await icons.icon(original, name, background).catch(() => {
          throw new ServiceError(404, "app icon unreadable");
        });
        return reply.header("cache-control", MEDIA_CACHE).type("image/png").send(png);
      },
    );

    app.get<{ Params: { lang: string } }>(
      "/webapp/content/:lang.json",
      {
        config: {
          docs: doc("web app", "The station texts in one language", {
            params: z.object({ lang: languageSchema }),
            response: publicContentSchema,
          }),
        },
      },
      async (request, reply) => {
        const language = languageSchema.safeParse(request.params.lang);
        if (!language.success) throw new ServiceError(400, "unknown language");
        reply.header("cache-control", SETTINGS_CACHE);
        const content = publicContent(pack, language.data);
        return { ...content, pictureSizes: await knownSizes() };
      },
    );

    await app.register(async (media) => {
      // Only for `reply.sendFile`: files are picked by mediaFile, never by URL alone.
      await media.register(fastifyStatic, { root: pack.dir, serve: false, cacheControl: false });
      media.get<{ Params: { "*": string } }>(
        "/assets/webapp-data/*",
        {
          config: {
            docs: doc("web app", "A medium of the content pack", {
              description: "A photo also 480 or 960 pixels wide (`?w=`); cached an hour.",
              query: mediaSizeQuery,
              params: wildcard,
              produces: "application/octet-stream",
            }),
          },
        },
        async (request, reply) => {
          const { w } = parse(mediaSizeQuery, request.query, "query");
          const original = await mediaFile(pack, request.params["*"]);
          if (!original) throw new ServiceError(404, "not found");
          const file = w === undefined ? original : await sizes.file(original, w);
          reply.header("cache-control", MEDIA_CACHE);
          // The type is the original's: a smaller width keeps its format.
          return reply.sendFile(basename(file), dirname(file));
        },
      );
    });
  };
}
