/**
 * antd is shared per component (tooling/federation.cjs): every module rewrites `import { X } from 'antd'`
 * to 'antd/es/x' and shares 'antd/' subpaths, and the shell provides (src/app/antd-components.ts) every
 * component a module imports, so that a remote's component comes from the shell's build (its
 * ConfigProvider context: theme, locale), never from the remote's own copy.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ANTD_IMPORTS, sharedDependencies } from '../../../tooling/federation.cjs';

const ROOT = path.join(__dirname, '../../..');
const MODULE_SOURCES = ['shell/src', 'shared/src', 'sections/src', 'domain/src', 'operations-data/src', 'mfe-onboarding/src', 'mfe-restaurant-profile/src', 'mfe-operations/src'];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** 'DatePicker' → 'date-picker', as the rewrite names the subpath (camelToDashComponentName). */
const subpath = (name: string) => name.replace(/(?<!^)([A-Z])/g, '-$1').toLowerCase();

/** Every antd component a front-end module imports (values, not types). */
function importedComponents(): string[] {
  const found = new Set<string>();
  for (const dir of MODULE_SOURCES) {
    // The provider itself (it reads antd's version) is not a consumer.
    for (const file of sourceFiles(path.join(ROOT, dir)).filter((f) => !f.endsWith('antd-components.ts'))) {
      for (const [, names] of fs.readFileSync(file, 'utf8').matchAll(/import \{([^}]+)\} from 'antd';/g)) {
        for (const name of names.split(',').map((n) => n.trim())) if (name && !name.startsWith('type ')) found.add(subpath(name.split(' as ')[0]));
      }
    }
  }
  return [...found].sort();
}

it('the shell provides every antd component a module imports, each by its subpath', () => {
  const source = fs.readFileSync(path.join(ROOT, 'shell/src/app/antd-components.ts'), 'utf8');
  const provided = [...source.matchAll(/'antd\/es\/([\w-]+)': \(\) => import\('antd\/es\/\1'\)/g)].map((m) => m[1]);
  const imported = importedComponents();
  expect(imported.length).toBeGreaterThan(20);
  expect(imported.filter((name) => !provided.includes(name))).toEqual([]);
  for (const name of provided) expect(fs.existsSync(path.join(path.dirname(require.resolve('antd/es/index.js')), name))).toBe(true);
});

it('antd is shared by subpath, never whole, with the range each module declares', () => {
  const operationsPackage = JSON.parse(fs.readFileSync(path.join(ROOT, 'mfe-operations/package.json'), 'utf8'));
  const shared = sharedDependencies(operationsPackage);
  expect(shared['antd/']).toEqual({ singleton: true, requiredVersion: operationsPackage.dependencies.antd });
  expect(shared.antd).toBeUndefined();
  expect(ANTD_IMPORTS).toEqual([expect.objectContaining({ libraryName: 'antd', libraryDirectory: 'es', camelToDashComponentName: true, transformToDefaultImport: true })]);
});
