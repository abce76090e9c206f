import { useSyncExternalStore } from "react";
import type { AnchorHTMLAttributes, MouseEvent } from "react";

/** The console's sections and their paths under /ops/ (the server answers each with the app). */
export const sections = [
  "overview",
  "judging",
  "inbox",
  "players",
  "map",
  "news",
  "content",
  "studio",
  "versions",
  "team",
  "games",
  "audit",
] as const;
export type Section = (typeof sections)[number];

export const sectionPath: Record<Section, string> = {
  overview: "/ops/",
  judging: "/ops/judging",
  inbox: "/ops/inbox",
  players: "/ops/players",
  map: "/ops/map",
  news: "/ops/news",
  content: "/ops/content",
  studio: "/ops/studio",
  versions: "/ops/versions",
  team: "/ops/team",
  games: "/ops/games",
  audit: "/ops/audit",
};

/** The operator's own password, reached from the header (not a section of the navigation). */
export const PASSWORD_PATH = "/ops/password";

/** The section of a path (a trailing slash or none), or null for a path the console lacks. */
export function sectionOf(pathname: string): Section | null {
  const path = pathname.replace(/\/+$/, "");
  if (path === "/ops") return "overview";
  return sections.find((section) => sectionPath[section] === path) ?? null;
}

/** Said when the console changes the address itself; the browser says `popstate`. */
const NAVIGATED = "wegmarke-console-navigated";

function subscribe(changed: () => void): () => void {
  window.addEventListener("popstate", changed);
  window.addEventListener(NAVIGATED, changed);
  return () => {
    window.removeEventListener("popstate", changed);
    window.removeEventListener(NAVIGATED, changed);
  };
}

export function usePathname(): string {
  return useSyncExternalStore(subscribe, () => window.location.pathname);
}

/** The address's query, as the studio keeps the file and line it shows there. */
export function useSearch(): URLSearchParams {
  const search = useSyncExternalStore(subscribe, () => window.location.search);
  return new URLSearchParams(search);
}

/** Goes to `path` (with its query) within the console. */
export function navigate(path: string): void {
  if (path === window.location.pathname + window.location.search) return;
  window.history.pushState(null, "", path);
  window.dispatchEvent(new Event(NAVIGATED));
}

type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { to: string };

/** A link within the console: changes the view without loading the page again. */
export function Link({ to, onClick, ...rest }: LinkProps) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    // A new tab or window (a modifier, the middle button) is the browser's business.
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    ) {
      return;
    }
    event.preventDefault();
    navigate(to);
  };
  return <a href={to} onClick={follow} {...rest} />;
}
