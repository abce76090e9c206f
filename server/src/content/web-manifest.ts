import type { ContentPack } from "./model";

/** Wegmarke's own colours (web/src/base.css), for a pack that names none. */
export const DEFAULT_THEME_COLOR = "#c2562f";
export const DEFAULT_BACKGROUND_COLOR = "#fbf5ec";
/** The most a launcher shows under an icon before it cuts the name. */
const SHORT_NAME_LENGTH = 12;

/** The icons the server makes from the pack's `app.icon` (packs/app-icons.ts). */
export const appIconNames = [
  "icon-192.png",
  "icon-512.png",
  "icon-maskable-512.png",
  "apple-touch-icon.png",
] as const;
export type AppIconName = (typeof appIconNames)[number];

type ManifestIcon = { src: string; sizes: string; type: string; purpose: "any" | "maskable" };

export type WebManifest = {
  id: string;
  name: string;
  short_name: string;
  lang: string;
  start_url: string;
  scope: string;
  display: "standalone";
  orientation: "portrait";
  background_color: string;
  theme_color: string;
  icons: ManifestIcon[];
};

/** The name under the icon: the title's first words that fit, else its first word. */
export function shortNameOf(title: string): string {
  const words = title.trim().split(/\s+/);
  let name = words[0] ?? title;
  for (const word of words.slice(1)) {
    if (`${name} ${word}`.length > SHORT_NAME_LENGTH) break;
    name = `${name} ${word}`;
  }
  return name;
}

/** The title in the pack's own language. */
export function titleOf(pack: ContentPack): string {
  return pack.title[pack.defaultLanguage] ?? pack.title.de;
}

/**
 * The web manifest of the game the server runs (issue 28: the installed app is named and
 * coloured as the game, not "Wegmarke"): from game.yaml's title, default language and `app`
 * section, with Wegmarke's colours and icons where the pack names none. Its `id` is the
 * game's, so a phone holds one installed app per game. `base`: the path before the app's
 * (a studio preview's `/preview/<id>`), else "".
 */
export function webManifest(pack: ContentPack, base = ""): WebManifest {
  const title = titleOf(pack);
  const app = pack.app ?? {};
  // The pack's icon in the sizes made of it, else Wegmarke's (web/public/icons): same names.
  const dir = `${base}/webapp/${app.icon === undefined ? "icons" : "app-icons"}/`;
  const icon = (name: AppIconName, purpose: ManifestIcon["purpose"]): ManifestIcon => ({
    src: `${dir}${name}`,
    sizes: name.endsWith("192.png") ? "192x192" : "512x512",
    type: "image/png",
    purpose,
  });
  return {
    id: `${base}/webapp/?game=${encodeURIComponent(pack.id)}`,
    name: title,
    short_name: app.shortName ?? shortNameOf(title),
    lang: pack.defaultLanguage,
    start_url: `${base}/webapp/`,
    scope: `${base}/webapp/`,
    display: "standalone",
    orientation: "portrait",
    background_color: app.backgroundColor ?? DEFAULT_BACKGROUND_COLOR,
    theme_color: app.themeColor ?? DEFAULT_THEME_COLOR,
    icons: [
      icon("icon-192.png", "any"),
      icon("icon-512.png", "any"),
      icon("icon-maskable-512.png", "maskable"),
    ],
  };
}
