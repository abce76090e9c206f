import { readdir } from "node:fs/promises";
import path from "node:path";
import { isImageFile, isMediaFile } from "@wegmarke/protocol";
import type { Language, PublicContent, StationContent, StoryContent } from "@wegmarke/protocol";
import { parseMediaPath } from "./media";
import { localize } from "./model";
import { realFileInPack } from "./pack-files";
import type { ContentPack, Station, StationTexts, Story } from "./model";

/** `/webapp/content/{lang}.json`: the pack's public texts in `lang`, German where missing. */
export function publicContent(pack: ContentPack, lang: Language): PublicContent {
  const stations = pack.stations
    .filter((s) => s.live)
    .map((s): [string, StationContent] => [String(s.id), stationContent(s, lang)]);
  const stories = (pack.stories ?? [])
    .filter((s) => s.live)
    .map((s): [string, StoryContent] => [String(s.id), storyContent(s, lang)]);
  const text = (t: ContentPack["title"]) => localize(t, lang);
  return {
    language: lang,
    title: text(pack.title),
    stations: Object.fromEntries(stations),
    stories: Object.fromEntries(stories),
    crest: (pack.crest ?? []).map((level) => ({
      finishedStories: level.finishedStories,
      imagePath: level.image,
      caption: text(level.caption),
    })),
    intro: (pack.intro ?? []).map((step) => ({
      headline: text(step.headline),
      text: text(step.text),
      ...(step.image === undefined ? {} : { imagePath: step.image }),
    })),
    help: (pack.help ?? []).map((entry) => ({
      headline: text(entry.headline),
      text: text(entry.text),
    })),
    ...(pack.privacy === undefined
      ? {}
      : { privacy: { provider: pack.privacy.provider, text: text(pack.privacy.text) } }),
    news: (pack.news ?? []).map(text),
    ...(pack.map === undefined ? {} : { map: pack.map }),
    ...(pack.views === undefined ? {} : { views: viewNames(pack.views, lang) }),
  };
}

function viewNames(
  views: NonNullable<ContentPack["views"]>,
  lang: Language,
): NonNullable<PublicContent["views"]> {
  return Object.fromEntries(
    Object.entries(views).map(([view, { label, text }]) => [
      view,
      {
        label: localize(label, lang),
        ...(text === undefined ? {} : { text: localize(text, lang) }),
      },
    ]),
  );
}

function stationContent(station: Station, lang: Language): StationContent {
  const texts = withFallback(station.texts[lang], station.texts.de);
  return {
    ...texts,
    ...(station.image === undefined ? {} : { imagePath: station.image }),
    view: station.view,
  };
}

function storyContent(story: Story, lang: Language): StoryContent {
  return {
    id: story.id,
    name: story.name,
    chapter: localize(story.chapter, lang),
    headline: localize(story.headline, lang),
    text: localize(story.text, lang),
    ...(story.audio === undefined ? {} : { audioPath: localize(story.audio, lang) }),
    ...(story.image === undefined ? {} : { imagePath: story.image }),
    requiredPoints: story.requiredPoints,
  };
}

/** Each text the language lacks is taken from German, field by field. */
function withFallback(texts: StationTexts | undefined, de: StationTexts): StationTexts {
  const given = Object.entries(texts ?? {}).filter(([, value]) => value !== undefined);
  return { ...de, ...Object.fromEntries(given) };
}

/**
 * The file for a path below `/assets/webapp-data/` (`stations/3/kirche.jpg`, `points/0.png`),
 * or null when it names no station or story, leaves its folder or is no media file (an image,
 * mp3, mp4 or webm: never a script, a yaml file or an editor's backup of one).
 */
export function assetPath(pack: ContentPack, urlPath: string): string | null {
  const media = parseMediaPath(urlPath);
  if (!media || !isMediaFile(urlPath)) return null;
  const dir =
    media.area === "stations" || media.area === "stories"
      ? ownerDir(pack, media.area, media.id)
      : path.join(pack.dir, media.area);
  if (dir === undefined) return null;
  const file = path.resolve(dir, ...media.segments);
  // parseMediaPath already refuses `..`; this guards against anything it did not foresee.
  return file.startsWith(dir + path.sep) ? file : null;
}

/**
 * The file the server sends for a media path: assetPath's, with its links resolved, when it
 * is a media file within the pack; else null. A link that leads out of the pack (to the
 * server's secret, to `/`) or to a script is never followed.
 */
export async function mediaFile(pack: ContentPack, urlPath: string): Promise<string | null> {
  const file = assetPath(pack, urlPath);
  const real = file === null ? null : await realFileInPack(pack.dir, file);
  return real !== null && isMediaFile(real) ? real : null;
}

function ownerDir(pack: ContentPack, area: "stations" | "stories", id: number): string | undefined {
  const owners: { id: number; dir: string }[] =
    area === "stations" ? pack.stations : (pack.stories ?? []);
  return owners.find((owner) => owner.id === id)?.dir;
}

/**
 * The media paths of every picture the app may show: those the texts name (stations, stories,
 * the crest, the introduction) and each picture in a station's or story's folder, which its
 * script may send in the chat.
 */
export async function pictureRefs(pack: ContentPack): Promise<string[]> {
  const named = [
    ...pack.stations.map((s) => s.image),
    ...(pack.stories ?? []).map((s) => s.image),
    ...(pack.crest ?? []).map((level) => level.image),
    ...(pack.intro ?? []).map((step) => step.image),
  ];
  const owners = [
    ...pack.stations.map((s) => ({ area: "stations", ...s })),
    ...(pack.stories ?? []).map((s) => ({ area: "stories", ...s })),
  ];
  const inFolders = await Promise.all(
    owners.map(async ({ area, id, dir }) => {
      const files = await readdir(dir, { recursive: true }).catch(() => []);
      return files.map((file) => `${area}/${id}/${file.split(path.sep).join("/")}`);
    }),
  );
  const refs = [...named, ...inFolders.flat()].filter(
    (ref): ref is string => ref !== undefined && isImageFile(ref),
  );
  return [...new Set(refs)];
}
