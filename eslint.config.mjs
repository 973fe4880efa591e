// ESLint (`pnpm lint`, and a step of `pnpm test`): typescript-eslint, React hooks, and the module
// boundaries of ARCHITECTURE.md — no front-end module imports another (they meet at run time through
// Module Federation), `src/app/` is imported by no feature, no feature imports another, a module's
// shared folders (components/, hooks/, lib/) import no feature, and the kernel (shared/) imports no
// domain code, which each module builds in instead.
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';
import commentHistory from './tooling/eslint-comment-history.mjs';
import importCycle from './tooling/eslint-import-cycle.mjs';

const FRONT_END_MODULES = ['shell', 'mfe-onboarding', 'mfe-restaurant-profile', 'mfe-operations', 'mfe-public-links'];

const featuresOf = (module) => {
  const dir = path.join(import.meta.dirname, module, 'src', 'features');
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => fs.statSync(path.join(dir, name)).isDirectory()) : [];
};

/** A module's folders shared by its features: below them, not above. */
const SHARED_FOLDERS = ['components', 'hooks', 'lib'];

const boundaries = FRONT_END_MODULES.flatMap((module) => [
  {
    target: `./${module}`,
    from: FRONT_END_MODULES.filter((other) => other !== module).map((other) => `./${other}`),
    message: 'A front-end module never imports another: they meet at run time through Module Federation.',
  },
  { target: `./${module}/src/features`, from: `./${module}/src/app`, message: 'src/app/ composes the features; no feature imports it.' },
  {
    target: SHARED_FOLDERS.map((folder) => `./${module}/src/${folder}`),
    from: `./${module}/src/features`,
    message: 'components/, hooks/ and lib/ serve every feature and import none: move what they need out of the feature.',
  },
  ...featuresOf(module).map((feature) => ({
    target: `./${module}/src/features/${feature}`,
    from: `./${module}/src/features`,
    except: [`./${feature}`],
    message: 'A feature does not import another feature: share through the kernel or compose in src/app/.',
  })),
]);

const DOMAIN_PACKAGES = ['domain', 'sections', 'operations-data', 'contract'];

const kernelBoundaries = [
  {
    target: './shared',
    from: [...DOMAIN_PACKAGES, 'action', ...FRONT_END_MODULES].map((dir) => `./${dir}`),
    message: 'The kernel is shared at run time and owns no domain: a domain change must not need a kernel version.',
  },
  {
    target: './domain',
    from: [...DOMAIN_PACKAGES.filter((dir) => dir !== 'domain'), ...FRONT_END_MODULES].map((dir) => `./${dir}`),
    message: 'The domain package is what the modules build on: it imports none of them.',
  },
];

/**
 * A reservation changes through its SQL function only (submit_group_request, the transitions,
 * modify_reservation: each checks, writes, records the event and queues its messages in one transaction):
 * never by a table write from a client, the service or a test's setup.
 */
const NO_RESERVATION_TABLE_WRITES = {
  selector: "CallExpression[callee.property.name=/^(insert|update|upsert|delete)$/][callee.object.callee.property.name='from'][callee.object.arguments.0.value='restaurant_reservations']",
  message: 'A reservation changes through its SQL function (submit_group_request, transition_reservation…), never by a write to restaurant_reservations.',
};

const untypedClient = ['@tablee/shared', '@tablee/shared/supabase'].map((name) => ({
  name,
  importNames: ['getSupabase'],
  message: "Use @tablee/domain's getSupabase: the same client, typed by the database's types.",
}));
const kernelTesting = { name: '@tablee/shared/testing', message: "The kernel's test hooks are for tests only: production code never imports them." };

/** Application code states the shape of what it reads: a jsonb answer's type goes over the generated types, not through a double cast. */
const NO_DOUBLE_CASTS = {
  selector: 'TSAsExpression > TSAsExpression.expression > TSUnknownKeyword.typeAnnotation',
  message: 'No `as unknown as` in application code: give the value its type where it comes from (a jsonb answer: domain/src/database.ts).',
};

/** A route of the service declares its schema (@tablee/contract): never registered as just a path and a handler. */
const NO_ROUTE_WITHOUT_SCHEMA = {
  selector:
    'CallExpression[callee.property.name=/^(get|head|post|put|patch|delete|all)$/][arguments.length=2][arguments.0.type=/^(Literal|TemplateLiteral)$/][arguments.1.type=/FunctionExpression$/]',
  message: 'A route declares its schema (params, body, answers) from @tablee/contract: app.get(path, { schema }, handler).',
};

/** The browser modules take the HTTP contract's types, never its zod schemas (no zod in a page's bundle). */
const contractTypesOnly = {
  name: '@tablee/contract',
  allowTypeImports: true,
  message: 'Import the contract’s types only (import type): its zod schemas stay out of the pages’ bundles.',
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/coverage/**', '.data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser, ...globals.jest } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The rules of hooks and the React Compiler's checks (set-state-in-effect, refs, static-components,
    // purity, …): every recommended rule, each an error.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: Object.fromEntries(Object.keys(reactHooks.configs['recommended-latest'].rules).map((rule) => [rule, 'error'])),
  },
  {
    files: ['**/*.{ts,tsx,mjs,cjs,js}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.cjs', '.js', '.json'] })],
      // no-cycle reads the imported files themselves: TypeScript ones too, with TypeScript's parser.
      'import-x/extensions': ['.ts', '.tsx', '.mjs', '.cjs', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: [...kernelBoundaries, ...boundaries] }],
      // No import cycle within a package (type-only imports aside, which this rule does not follow).
      // Between packages the workspace's dependency graph decides; not following node_modules halves the time.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The same within a package, type-only imports included (tooling/eslint-import-cycle.mjs).
    files: ['**/*.{ts,tsx,mjs,cjs,js}'],
    plugins: { tablee: importCycle },
    rules: { 'tablee/no-import-cycle': 'error' },
  },
  {
    // Comments of the code that runs say the rule, not its history (tooling/eslint-comment-history.mjs);
    // tests and benches keep theirs, which record what they were written against.
    files: ['**/*.{ts,tsx,mjs,cjs,js}'],
    ignores: ['**/test/**', '**/bench/**', 'e2e/**', '**/*.test.{ts,tsx}'],
    plugins: { 'tablee-comments': commentHistory },
    rules: { 'tablee-comments/no-issue-history': 'error' },
  },
  {
    files: ['**/*.{ts,tsx,mjs,cjs,js}'],
    rules: { 'no-restricted-syntax': ['error', NO_RESERVATION_TABLE_WRITES] },
  },
  {
    // Application code states the shape of what it reads: a jsonb answer's type goes over the generated
    // types (domain/src/database.ts, MergeDeep), not through a double cast at the call.
    files: ['*/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error', NO_DOUBLE_CASTS, NO_RESERVATION_TABLE_WRITES],
    },
  },
  {
    // One way out for a message: the outbox's sender. Everything else queues it in SQL, in the transaction
    // of the change it tells of (the decisions, the reminders, the requests' alerts).
    files: ['reservation-service/src/**/*.ts'],
    ignores: ['reservation-service/src/notifications/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        NO_DOUBLE_CASTS,
        NO_RESERVATION_TABLE_WRITES,
        NO_ROUTE_WITHOUT_SCHEMA,
        {
          selector: "CallExpression[callee.property.name='send'][callee.object.name=/mailer/i]",
          message: 'A message leaves through the outbox only: queue it in SQL with the change it tells of; notifications/sender.ts sends it.',
        },
      ],
    },
  },
  {
    // The assistant is what a third-party chatbot would be: it reaches the data through SQL functions
    // (rpc) only, never a table or a view, and each of its routes declares its schema.
    files: ['assistant/src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        NO_DOUBLE_CASTS,
        NO_ROUTE_WITHOUT_SCHEMA,
        {
          selector: 'CallExpression[callee.property.name=/^(from|schema)$/][callee.object.name=/^(db|supabase|client)$/]',
          message: 'The assistant reads and writes through SQL functions (db.rpc): the knowledge, check_group_request, submit_group_request, the conversation functions.',
        },
      ],
    },
  },
  {
    // The kernel's client is untyped (the kernel does not own the schema): queries go through the domain's.
    files: ['**/*.{ts,tsx}'],
    ignores: ['shared/**', 'domain/**'],
    rules: { 'no-restricted-imports': ['error', { paths: untypedClient }] },
  },
  {
    // The kernel's hooks for tests (a fresh client, a stopped session) stay out of what ships.
    files: ['**/src/**/*.{ts,tsx}', 'tooling/standalone.tsx'],
    ignores: ['shared/**', 'domain/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [...untypedClient, kernelTesting] }] },
  },
  {
    files: ['shared/src/**/*.{ts,tsx}', 'domain/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [kernelTesting] }] },
  },
  {
    files: FRONT_END_MODULES.map((module) => `${module}/src/**/*.{ts,tsx}`),
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths: [contractTypesOnly] }] },
  },
);
