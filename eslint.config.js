import js from "@eslint/js";
import tseslint from "typescript-eslint";
import importX, { createNodeResolver } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import opsRouteRole from "./eslint-rules/ops-route-role.js";
import { longFiles } from "./eslint.long-files.js";
import { serverLayers } from "./eslint.server-layers.js";

/** web and server never import each other: they meet in protocol/. */
const serverFromWeb = {
  group: ["@wegmarke/server", "**/server/**"],
  message: "web and server meet only in protocol/",
};
const webFromServer = {
  group: ["@wegmarke/web", "**/web/**"],
  message: "web and server meet only in protocol/",
};
/** The operators' console is an app of its own: it and the others meet only in protocol/. */
const consoleFromOthers = {
  group: ["@wegmarke/console", "**/console/**"],
  message: "the console meets web and server only in protocol/",
};
const othersFromConsole = {
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
const importSettings = {
  "import-x/extensions": [".ts", ".tsx", ".js"],
  "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js"] })],
};

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

const basePath = import.meta.dirname;
/** What wires every folder: it alone imports them all, the store's dialects included. */
const compositionRoot = ["server/src/compose/**", "server/src/app.ts", "server/src/main.ts"];
const dialectZone = {
  target: [
    "server/src/*.ts",
    ...serverLayers.map(([folder]) => `server/src/${folder}`).filter((f) => !f.endsWith("store")),
  ],
  from: "server/src/store/{sqlite,postgres}-*.ts",
  message: "a service sees the Store and its repositories, not a dialect's files",
};
/** One zone per folder and folder it must not import, with the reason. */
const serverZones = [
  dialectZone,
  {
    target: ["server/src/lib", "server/src/engine", "server/src/content"],
    from: "server/src/*.ts",
    message: "helpers, the engine and the pack loader use none of the server's own modules",
  },
  ...serverLayers.flatMap(([folder, forbidden, why]) =>
    forbidden
      .filter((other) => other !== folder)
      .map((other) => ({
        target: `server/src/${folder}`,
        from: `server/src/${other}`,
        message: `${folder}/ does not import ${other}/: ${why}`,
      })),
  ),
];

export default tseslint.config(
  { ignores: ["**/dist/**", "**/node_modules/**", "data/**", "e2e/artifacts/**"] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    // A promise nobody awaits loses its errors and its order: these rules need the types.
    files: ["**/*.{ts,tsx}"],
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ["vitest.config.ts"] } },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
    },
  },
  {
    files: ["web/src/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "no-restricted-imports": ["error", { patterns: [serverFromWeb, consoleFromOthers] }],
    },
  },
  {
    files: ["server/src/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [webFromServer, consoleFromOthers] }],
    },
  },
  {
    // Stream events are typed (ServerEventMap, ConsoleEventMap): only events/sse.ts turns them
    // into SSE text. Elsewhere an event goes through its typed call (`serverEvent`,
    // `consoleEvent`, `StreamHub.broadcast`, `sendTo`), never as a string of its own.
    files: ["server/src/**/*.ts"],
    ignores: ["server/src/events/sse.ts", "**/*.test.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...[
          "ImportSpecifier[imported.name='sseEvent']",
          "Literal[value=/(^|\\n)(event|data|id|retry): /]",
          "TemplateElement[value.cooked=/(^|\\n)(event|data|id|retry): /]",
          "TSAsExpression > TSTypeReference.typeAnnotation[typeName.name='SseText']",
          "TSTypeAssertion > TSTypeReference.typeAnnotation[typeName.name='SseText']",
        ].map((selector) => ({
          selector,
          message: "a stream event goes through its typed call in events/sse.ts, not a raw string",
        })),
      ],
    },
  },
  {
    // An operator route states its role where it is declared (server/src/http/ops/roles.ts).
    files: [
      "server/src/http/ops/**/*.ts",
      "server/src/http/ops-routes.ts",
      "server/src/http/pack-routes.ts",
      "server/src/http/draft-routes.ts",
    ],
    ignores: ["**/*.test.ts"],
    plugins: { wegmarke: { rules: { "ops-route-role": opsRouteRole } } },
    rules: { "wegmarke/ops-route-role": "error" },
  },
  {
    // The operators' console (decisions/020): a browser app that builds on protocol/ alone.
    files: ["console/src/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "no-restricted-imports": ["error", { patterns: [othersFromConsole] }],
    },
  },
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
  {
    // The arrows between server/src's folders (eslint.server-layers.js); the services reach
    // the database through store/store.ts and its repositories: only the store itself and the
    // composition root (app.ts, main.ts, compose/) know its dialects.
    files: ["server/src/**/*.ts"],
    ignores: ["**/*.test.ts", ...compositionRoot],
    plugins: { "import-x": importX },
    settings: importSettings,
    rules: { "import-x/no-restricted-paths": ["error", { basePath, zones: serverZones }] },
  },
  {
    // Tests may combine layers, but not reach past the store to a dialect.
    files: ["server/src/**/*.test.ts"],
    ignores: ["server/src/store/**"],
    plugins: { "import-x": importX },
    settings: importSettings,
    rules: { "import-x/no-restricted-paths": ["error", { basePath, zones: [dialectZone] }] },
  },
  {
    // A module file stays under 300 lines; the longer ones say why below.
    files: ["**/*.{ts,tsx,js,mjs}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: { "max-lines": ["error", { max: 300 }] },
  },
  ...Object.entries(longFiles).map(([file, { max }]) => ({
    files: [file],
    rules: { "max-lines": ["error", { max }] },
  })),
  {
    // No module may reach itself through its imports.
    files: [
      "server/src/**/*.ts",
      "web/src/**/*.{ts,tsx}",
      "console/src/**/*.{ts,tsx}",
      "protocol/src/**/*.ts",
    ],
    plugins: { "import-x": importX },
    settings: importSettings,
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
);
