// ESLint (`pnpm lint`, and a step of `pnpm test`): typescript-eslint, React hooks, and the module
// boundaries of ARCHITECTURE.md — no front-end module imports another (they meet at run time through
// Module Federation), `src/app/` is imported by no feature, and no feature imports another.
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

const FRONT_END_MODULES = ['shell', 'mfe-onboarding', 'mfe-restaurant-profile', 'mfe-operations', 'mfe-public-links'];

const featuresOf = (module) => {
  const dir = path.join(import.meta.dirname, module, 'src', 'features');
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => fs.statSync(path.join(dir, name)).isDirectory()) : [];
};

const boundaries = FRONT_END_MODULES.flatMap((module) => [
  {
    target: `./${module}`,
    from: FRONT_END_MODULES.filter((other) => other !== module).map((other) => `./${other}`),
    message: 'A front-end module never imports another: they meet at run time through Module Federation.',
  },
  { target: `./${module}/src/features`, from: `./${module}/src/app`, message: 'src/app/ composes the features; no feature imports it.' },
  ...featuresOf(module).map((feature) => ({
    target: `./${module}/src/features/${feature}`,
    from: `./${module}/src/features`,
    except: [`./${feature}`],
    message: 'A feature does not import another feature: share through the kernel or compose in src/app/.',
  })),
]);

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
    // The rules of hooks. Version 7's React Compiler checks (set-state-in-effect, refs, …) flag the
    // hand-written loading state machines that the data-layer issue replaces with TanStack Query;
    // they are switched on with it.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['**/*.{ts,tsx,mjs,cjs,js}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.cjs', '.js', '.json'] })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: boundaries }],
    },
  },
);
