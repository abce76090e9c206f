import type { StationView } from "@wegmarke/protocol";
import { routerBase } from "./app-base";

/** The router's basename: every route sits under /webapp (or a preview's prefix). */
export const basename = routerBase;

/**
 * Where to go after login: the `target` when it is a path of this app (with its basename),
 * as a router path; else home.
 */
export function loginTarget(target: string | null): string {
  if (target === null || !target.startsWith(basename)) return "/";
  const path = target.slice(basename.length);
  if (path === "") return "/";
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/login")) return "/";
  return path;
}

/** The login route with the current (full) path as its target. */
export function loginPath(pathname: string, search: string): string {
  const target = `${basename}${pathname === "/" ? "/" : pathname}${search}`;
  return `/login?${new URLSearchParams({ target }).toString()}`;
}

/** The query that tells the app the account was just deleted: it shows the message. */
export const accountDeletedSearch = "?account-deleted=1";

/**
 * Where the app goes after deleting the account (spec 4): the site's root with that query (the
 * root of another game's prefix, `/g/<name>/`), which the server redirects, query and all, to
 * the app's home.
 */
export const accountDeletedUrl = `${routerBase.slice(0, -"webapp".length)}${accountDeletedSearch}`;

/** Whether a query, or the login target in it, says that the account was just deleted. */
export function isAccountDeleted(search: URLSearchParams): boolean {
  if (search.get("account-deleted") === "1") return true;
  const target = search.get("target");
  if (target === null) return false;
  const query = target.indexOf("?");
  return query >= 0 && new URLSearchParams(target.slice(query)).get("account-deleted") === "1";
}

/** The invitation link of a team code (spec 2): `<origin>/webapp/team?tjr=<code>`. */
export function teamInviteLink(origin: string, code: string): string {
  return `${origin}${basename}/team?${new URLSearchParams({ tjr: code }).toString()}`;
}

/** The detail view of a station: `/{view}/{id}`, the view's slug being its route. */
export function stationPath(view: StationView, id: number): string {
  return `/${view}/${id}`;
}
