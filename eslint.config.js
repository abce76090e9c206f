import js from "@eslint/js";
import tseslint from "typescript-eslint";
import importX, { createNodeResolver } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import opsRouteRole from "./eslint-rules/ops-route-role.js";
import tableOwner from "./eslint-rules/table-owner.js";
import { allowedCalls, tableOwners } from "./eslint.table-owners.js";
import { longFiles } from "./eslint.long-files.js";
import { serverLayers } from "./eslint.server-layers.js";
import {
  appLayers,
  consoleFromOthers,
  othersFromConsole,
  serverFromWeb,
  webFromServer,
} from "./eslint.app-layers.js";

const importSettings = {
  "import-x/extensions": [".ts", ".tsx", ".js"],
  "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js"] })],
};

/** The repository's own rules (eslint-rules/). */
const wegmarke = { rules: { "ops-route-role": opsRouteRole, "table-owner": tableOwner } };
const basePath = import.meta.dirname;
/** What wires every folder: it alone imports them all, the store's dialects included. */
const compositionRoot = ["server/src/compose/**", "server/src/app.ts", "server/src/main.ts"];
/** Entries that open a Store of their own and hand it on, as the composition root does. */
const ownEntries = [
  "server/src/operator-accounts/cli.ts",
  "server/src/games/cli.ts",
  "server/src/studio/preview-server.ts",
];
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
      "server/src/http/draft-file-routes.ts",
      "server/src/http/draft-form-routes.ts",
    ],
    ignores: ["**/*.test.ts"],
    plugins: { wegmarke },
    rules: { "wegmarke/ops-route-role": "error" },
  },
  {
    // A service names the repositories it uses, its folder's own (eslint.table-owners.js,
    // decisions/050); only the store and what composes it see them all.
    files: ["server/src/**/*.ts"],
    ignores: ["**/*.test.ts", "server/src/store/**", ...compositionRoot, ...ownEntries],
    plugins: { wegmarke },
    rules: {
      "wegmarke/table-owner": ["error", { owners: tableOwners, allowedCalls }],
    },
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
  ...appLayers,
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
