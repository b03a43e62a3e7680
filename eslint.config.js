// Lint: typescript-eslint's recommended rules, React's hooks rules, and the
// layers (eslint-plugin-boundaries):
//   app/routes -> app/modules/<name> -> app/lib -> db
// app/lib holds infrastructure and catalogues only and imports no module; a
// module reaches another module only through its index.ts, and imports only
// its own tables (app/modules/<name>/schema.ts), never @db/schema. Formatting is
// Prettier's (npm run format), not ESLint's.
import path from "node:path";
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import boundaries from "eslint-plugin-boundaries";
import globals from "globals";

const resolver = path.resolve(import.meta.dirname, "eslint.resolver.cjs");

/** A layer selector for boundaries/dependencies. */
const to = (type, extra = {}) => ({ to: { element: { type, ...extra } } });

/**
 * One home for page code (README "Where a page's server code lives"): loaders and actions are in app/routes;
 * module code neither receives a Request nor builds a Response. These module files are the access gates (who is
 * asking, may they, is there room) and the streaming body readers: they read the request or throw its answer.
 */
const REQUEST_READERS = [
  "app/modules/sso/state-cookie.server.ts",
  "app/modules/tenants/tenant-context.server.ts",
  "app/modules/tenants/app-route.server.ts",
  "app/modules/tenants/body-admission.server.ts",
  "app/modules/accounts/auth.server.ts",
  "app/modules/accounts/session.server.ts",
  "app/modules/accounts/email-verification.server.ts",
  "app/modules/page-cache/page-cache.server.ts",
  "app/modules/alerts/stream-admission.server.ts",
  "app/modules/events/ingest.server.ts",
  // The Splunk HEC gate: the token check made before a HEC body is read, and HEC's own { text, code } answers.
  "app/modules/events/hec.server.ts",
  "app/modules/vulnerability/deps/upload-body.server.ts",
  "app/modules/operator/access.server.ts",
  "app/modules/endpoint/agent-body.server.ts",
];

/** A module imports only its own ./schema (issue 27 item 1). */
const OWN_SCHEMA_MESSAGE =
  "A module imports only its own ./schema; use the owning module's functions for other tables.";
const OWN_SCHEMA_ONLY = {
  path: { name: "@db/schema", allowTypeImports: true, message: OWN_SCHEMA_MESSAGE },
  pattern: { regex: "(^|/)db/schema$", allowTypeImports: true, message: OWN_SCHEMA_MESSAGE },
};

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "public/build/**",
      "bench/stock/build/**",
      "bench/stock/public/build/**",
      "node_modules/**",
      "data/**",
      "test-results/**",
      "playwright-report/**",
      "tests/.tmp*/**",
      "bench/results/**",
      "db/migrations/**",
      "content/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
    },
  },
  {
    // CommonJS where a tool loads the file with require() (the lint resolver).
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs" },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    // Tests read JSON answers by shape; typing every body would restate the API in each test.
    files: ["**/*.test.{ts,tsx}", "tests/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // Each module owns its tables (app/modules/<name>/schema.ts): a module imports only its own schema and reaches
    // other modules' tables through their functions (raiseAlert, getAlerts, listMembers...). db/schema.ts re-exports
    // every table for drizzle-kit and the database handle only; another module's schema.ts is already out of reach
    // (boundaries: a module's public face is its index). Types (Role) are not tables. Tests seed any table.
    files: ["app/modules/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [OWN_SCHEMA_ONLY.path],
          patterns: [OWN_SCHEMA_ONLY.pattern],
        },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    files: ["app/modules/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}", ...REQUEST_READERS],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          // A later no-restricted-imports replaces the earlier one for these files: the schema rule is repeated.
          paths: [
            OWN_SCHEMA_ONLY.path,
            ...["@remix-run/node", "@remix-run/server-runtime", "@remix-run/express"].map((name) => ({
              name,
              allowTypeImports: true,
              message: "Loaders, actions and responses belong in the route file (README: where page code lives).",
            })),
            ...["~/lib/http.server", "~/lib/api.server"].map((name) => ({
              name,
              message: "HTTP answers belong in the route file; a module throws a DomainError (app/lib/errors.ts).",
            })),
          ],
          patterns: [OWN_SCHEMA_ONLY.pattern],
        },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector: "TSTypeReference[typeName.name=/^(Request|LoaderFunctionArgs|ActionFunctionArgs|TypedResponse)$/]",
          message:
            "A module service takes the tenant id, the actor and plain values, never the request (README: where page code lives).",
        },
        {
          selector: "NewExpression[callee.name='Response']",
          message: "HTTP answers belong in the route file; a module throws a DomainError (app/lib/errors.ts).",
        },
      ],
    },
  },
  {
    files: ["**/*.{ts,tsx,js}"],
    plugins: { boundaries },
    settings: {
      "import/resolver": { [resolver]: {} },
      "boundaries/elements": [
        { type: "route", pattern: "app/routes" },
        { type: "module", pattern: "app/modules/*", capture: ["name"] },
        { type: "components", pattern: "app/components" },
        { type: "lib", pattern: "app/lib" },
        // The app's root files (root.tsx, entry.*): whatever in app/ the types above do not claim.
        { type: "app", pattern: "app" },
        { type: "db", pattern: "db" },
        // server.ts and its helpers in server/.
        { type: "server", pattern: "server*" },
        { type: "scripts", pattern: "scripts" },
        { type: "tests", pattern: "tests" },
        { type: "bench", pattern: "bench" },
      ],
      "boundaries/files": [
        { category: "test", pattern: "**/*.test.{ts,tsx}" },
        // The module registry and the permission vocabulary it assembles: single files beside the module folders
        // (elements are folders; a single file is classified here, its element being the app's root).
        { category: "registry", pattern: "app/modules/registry.server.ts" },
        { category: "vocabulary", pattern: "app/modules/permissions.ts" },
        // Table declarations: each module's schema.ts, the job table beside its runner, and db/schema.ts
        // (re-exports them all for drizzle-kit).
        { category: "schema", pattern: ["app/modules/*/schema.ts", "app/lib/*.schema.ts", "db/schema.ts"] },
      ],
    },
    rules: {
      "boundaries/dependencies": [
        "error",
        {
          default: "disallow",
          policies: [
            // Inside one element (one module, lib, db, ...) anything goes.
            { allow: { dependency: { relationship: { to: "internal" } } } },
            // A module's public face is its index.ts, and index.server.ts for what only the server may
            // import (kept apart so client bundles never pull server code); app/lib and db import no module.
            {
              from: { element: { types: { anyOf: ["app", "route", "components", "module", "server", "scripts"] } } },
              allow: { to: { element: { type: "module", fileInternalPath: "index.ts" } } },
            },
            {
              from: { element: { types: { anyOf: ["app", "route", "module", "server", "scripts"] } } },
              allow: { to: { element: { type: "module", fileInternalPath: "index.server.ts" } } },
            },
            { from: { element: { type: "app" } }, allow: [to("route"), to("lib"), to("components"), to("app")] },
            { from: { element: { type: "route" } }, allow: [to("module"), to("lib"), to("components"), to("db")] },
            { from: { element: { type: "components" } }, allow: [to("lib")] },
            { from: { element: { type: "module" } }, allow: [to("lib"), to("components"), to("db")] },
            // A page component reads its data's shape from the route's loader (useLoaderData<typeof loader>):
            // a type import, so no module code runs from a route.
            {
              from: { element: { type: "module" } },
              allow: { to: { element: { type: "route" } }, dependency: { kind: "type" } },
            },
            { from: { element: { type: "lib" } }, allow: [to("db")] },
            // The vocabulary reads each module's permission declaration (a leaf); anyone may ask it `can`.
            {
              from: { file: { categories: "vocabulary" } },
              allow: [to("lib"), { to: { element: { type: "module", fileInternalPath: "permissions.ts" } } }],
            },
            {
              from: { element: { types: { anyOf: ["app", "route", "module", "server"] } } },
              allow: { to: { file: { categories: "vocabulary" } } },
            },
            // The registry lists every module through its public face; only the app's start imports it.
            {
              from: { file: { categories: "registry" } },
              allow: [
                to("lib"),
                { to: { file: { categories: "vocabulary" } } },
                { to: { element: { type: "module", fileInternalPath: "index.ts" } } },
                { to: { element: { type: "module", fileInternalPath: "index.server.ts" } } },
                { to: { element: { type: "module", fileInternalPath: "permissions.ts" } } },
              ],
            },
            { from: { element: { type: "app" } }, allow: { to: { file: { categories: "registry" } } } },
            // The vocabulary is a leaf: as a file of the app's root it would inherit the app's reach; it keeps none.
            {
              from: { file: { categories: "vocabulary" } },
              disallow: { to: { element: { types: { anyOf: ["route", "components"] } } } },
            },
            {
              from: { file: { categories: "vocabulary" } },
              disallow: { to: { element: { type: "module", fileInternalPath: "index{,.server}.ts" } } },
            },
            { from: { element: { type: "server" } }, allow: [to("server"), to("lib"), to("db")] },
            { from: { element: { type: "scripts" } }, allow: [to("lib"), to("db")] },
            // Tests and benchmarks reach anything they exercise.
            {
              from: { element: { types: { anyOf: ["tests", "bench"] } } },
              allow: { to: { element: { types: "*" } } },
            },
            { from: { file: { categories: "test" } }, allow: { to: { element: { types: "*" } } } },
            // A table's foreign keys name other modules' tables, and db/schema.ts re-exports every table:
            // schema files may import each other (and nothing else may reach another module's schema.ts).
            { from: { file: { categories: "schema" } }, allow: { to: { file: { categories: "schema" } } } },
          ],
        },
      ],
    },
  },
);
