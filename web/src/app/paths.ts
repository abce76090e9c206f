/** The router's basename: every route sits under /webapp. */
export const basename = "/webapp";

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
