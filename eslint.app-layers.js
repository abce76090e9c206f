/** web and server never import each other: they meet in protocol/. */
export const serverFromWeb = {
  group: ["@wegmarke/server", "**/server/**"],
  message: "web and server meet only in protocol/",
};
export const webFromServer = {
  group: ["@wegmarke/web", "**/web/**"],
  message: "web and server meet only in protocol/",
};
/** The operators' console is an app of its own: it and the others meet only in protocol/. */
export const consoleFromOthers = {
  group: ["@wegmarke/console", "**/console/**"],
  message: "the console meets web and server only in protocol/",
};
export const othersFromConsole = {
  group: ["@wegmarke/web", "@wegmarke/server", "**/web/**", "**/server/**"],
  message: "the console meets web and server only in protocol/",
};

/**
 * The arrows of docs/architecture.md for web/src and console/src as lint rules: the files of
 * `folder` (below `root`) must not import the sibling folders in `forbidden`. Tests may
 * combine layers; the code may not.
 */
function boundary(root, folder, forbidden, why, always) {
  return {
    files: [`${root}/${folder}/**/*.{ts,tsx}`],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...always,
            ...forbidden.map((other) => ({
              group: [`../${other}`, `../${other}/**`, `../../${other}/**`],
              message: `${folder}/ does not import ${other}/: ${why}`,
            })),
          ],
        },
      ],
    },
  };
}

/** How import-x finds the files behind imports. */
const webBoundary = (folder, forbidden, why) =>
  boundary("web/src", folder, forbidden, why, [serverFromWeb, consoleFromOthers]);

const consoleBoundary = (folder, forbidden, why, more = []) =>
  boundary("console/src", folder, forbidden, why, [othersFromConsole, ...more]);

/**
 * A view reaches another view's folder by its entry only, the file named after the folder
 * (views/instances/instances.tsx), never by what lies beside it (decisions/049).
 */
const viewInternals = {
  regex: "^\\.\\./([^./][^/]*)/(?!\\1$)|^(\\.\\./)+views/",
  message:
    "a view imports another view by its entry only (views/<name>/<name>.tsx); what several share goes to components/, lib/ or routes/",
};

/** The layers of the player app (web/src) and the console (console/src). */
export const appLayers = [
  webBoundary("screens", ["app"], "the app wires the screens, not the other way"),
  webBoundary(
    "components",
    ["app", "screens", "forms", "push"],
    "shared pieces know no screen and no route",
  ),
  webBoundary(
    "forms",
    ["app", "screens", "components", "session", "game", "api", "push"],
    "forms know fields and rules, not the game",
  ),
  webBoundary(
    "session",
    ["app", "screens", "components", "forms", "push"],
    "the session runs the game; what shows it sits above",
  ),
  webBoundary(
    "game",
    ["app", "screens", "components", "forms", "session", "api", "i18n", "push"],
    "the game's rules are pure: no calls, no storage, no timers",
  ),
  webBoundary(
    "api",
    ["app", "screens", "components", "forms", "session", "game", "push"],
    "calls know the protocol, not the game",
  ),
  webBoundary(
    "i18n",
    ["app", "screens", "components", "forms", "session", "game", "api", "lib", "push"],
    "texts depend on nothing",
  ),
  webBoundary(
    "lib",
    ["app", "screens", "components", "forms", "session", "game", "api", "i18n", "push"],
    "helpers depend on nothing of the app",
  ),
  webBoundary(
    "push",
    ["app", "screens", "forms", "game"],
    "notifications for this device: the screens and the menu offer them, the session signs them",
  ),
  webBoundary(
    "sw",
    ["app", "screens", "components", "forms", "session", "game", "api", "i18n", "lib", "push"],
    "the service worker is a bundle of its own",
  ),
  consoleBoundary(
    "views",
    ["app"],
    "the shell wires the views; a view reaches the others by routes/",
    [viewInternals],
  ),
  consoleBoundary("components", ["app", "views"], "shared pieces know no view and no shell"),
  consoleBoundary(
    "live",
    ["app", "views", "components", "routes"],
    "the live state is data: what shows it sits above",
  ),
  consoleBoundary(
    "api",
    ["app", "views", "components", "live", "routes"],
    "calls know the protocol, not the console's screens",
  ),
  consoleBoundary(
    "routes",
    ["app", "views", "components", "live", "api", "i18n", "lib"],
    "the sections' paths and links sit below every view",
  ),
  consoleBoundary(
    "i18n",
    ["app", "views", "components", "live", "api", "routes", "lib"],
    "texts depend on nothing",
  ),
  consoleBoundary(
    "lib",
    ["app", "views", "components", "live", "api", "routes", "i18n"],
    "helpers depend on nothing of the console",
  ),
];
