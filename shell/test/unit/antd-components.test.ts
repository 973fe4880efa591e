/**
 * antd is shared per component (tooling/federation.cjs): every module rewrites `import { X } from 'antd'`
 * to 'antd/es/x' and shares 'antd/' subpaths, and the shell provides every component of antd/es, so
 * that a remote's component always comes from the shell's build (its ConfigProvider context: theme, locale).
 */
import fs from 'node:fs';
import path from 'node:path';
import { ANTD_IMPORTS, sharedDependencies } from '../../../tooling/federation.cjs';

const antdIndex = fs.readFileSync(require.resolve('antd/es/index.js'), 'utf8');
const components = [...antdIndex.matchAll(/export \{ default as \w+ \} from '\.\/([\w-]+)';/g)].map((m) => m[1]);

it('the shell provides every component of antd/es, each by its subpath', () => {
  const source = fs.readFileSync(path.join(__dirname, '../../src/app/antd-components.ts'), 'utf8');
  const provided = [...source.matchAll(/import\('antd\/es\/([\w-]+)'\)/g)].map((m) => m[1]);
  expect(components.length).toBeGreaterThan(60);
  expect(provided.sort()).toEqual([...components].sort());
});

it('antd is shared by subpath, never whole, with the range each module declares', () => {
  const shellPackage = JSON.parse(fs.readFileSync(path.join(__dirname, '../../package.json'), 'utf8'));
  const shared = sharedDependencies(shellPackage);
  expect(shared['antd/']).toEqual({ singleton: true, requiredVersion: shellPackage.dependencies.antd });
  expect(shared.antd).toBeUndefined();
  expect(ANTD_IMPORTS).toEqual([expect.objectContaining({ libraryName: 'antd', libraryDirectory: 'es', camelToDashComponentName: true, transformToDefaultImport: true })]);
});
