/**
 * The kernel is a versioned contract (ARCHITECTURE.md, 'What is shared'): its exported surface and the
 * names the modules import from it are recorded in shared/kernel-surface.json for its version, so a
 * change a module built against this kernel would meet is seen here, before it ships, and needs
 * `pnpm kernel:surface` with a new version; a change to a name no module imports needs none.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  compareSurfaces,
  computeSurface,
  importsToRecord,
  isBumped,
  kernelVersion,
  mergeImports,
  readRecordedSurface,
  requiredBump,
  scanImports,
  unrecordedImports,
  type Imports,
  type Surface,
} from '../../scripts/kernel-surface';

it('the recorded surface is the surface of this version of the kernel, with what the modules import', () => {
  const recorded = readRecordedSurface();
  expect(recorded.version).toBe(kernelVersion());
  const imports = scanImports();
  const changes = compareSurfaces(recorded, computeSurface(), mergeImports(recorded.imported, imports));
  // On failure: run `pnpm kernel:surface`; it asks for a new version in shared/package.json when semver does
  // (a removed or changed name some module imports: major; an added name: minor), for none otherwise.
  expect(changes).toEqual({ removedOrChanged: [], added: [], unimported: [] });
  expect(unrecordedImports(recorded, imports)).toEqual([]);
}, 120_000);

it('the light entry pulls no heavy library: core exports no React component, client or query', () => {
  const core = readRecordedSurface().entries['./core'];
  expect(core).toBeDefined();
  expect(Object.keys(core)).toContain('KERNEL_VERSION');
  expect(Object.keys(core)).not.toContain('getSupabase');
  expect(Object.keys(core)).not.toContain('AppProviders');
  expect(Object.keys(core)).not.toContain('queryClient');
});

it('the kernel carries no domain: no database types, model, statuses, restaurant pages or dev harness', () => {
  const names = Object.values(readRecordedSurface().entries).flatMap((entry) => Object.keys(entry));
  for (const domain of ['Database', 'Json', 'Reservation', 'ReservationStatus', 'statusFromCode', 'RESTAURANT_TABS', 'restaurantPath', 'PHOTO_BUCKET', 'renderStandalone']) {
    expect(names).not.toContain(domain);
  }
});

describe('semver of the surface: what the modules import', () => {
  const surface = (names: Record<string, string>, version = '1.2.0'): Surface => ({ version, imported: {}, entries: { '.': names } });
  const before = surface({
    formatDate: 'function (d: string) => string',
    formatTime: 'function (t: string) => string',
    signIn: 'function (email: string) => Promise<AuthResult>',
    AuthResult: 'type { ok: boolean }',
  });
  const without = (name: string) => surface(Object.fromEntries(Object.entries(before.entries['.']).filter(([key]) => key !== name)));
  const importing = (...names: string[]): Imports => ({ '.': names });

  it('a removed or changed name that a module imports asks for a major version', () => {
    const removed = compareSurfaces(before, without('formatDate'), importing('formatDate'));
    expect(removed.removedOrChanged).toEqual(['. formatDate']);
    expect(requiredBump(removed)).toBe('major');
    const changed = compareSurfaces(before, surface({ ...before.entries['.'], formatDate: 'function (d: Date) => string' }), importing('formatDate'));
    expect(requiredBump(changed)).toBe('major');
    expect(isBumped('1.2.0', '1.3.0', 'major')).toBe(false);
    expect(isBumped('1.2.0', '2.0.0', 'major')).toBe(true);
  });

  it('a removed or changed name that no module imports asks for no version (it is recorded, not versioned)', () => {
    const removed = compareSurfaces(before, without('formatTime'), importing('formatDate'));
    expect(removed).toEqual({ removedOrChanged: [], added: [], unimported: ['. formatTime'] });
    expect(requiredBump(removed)).toBeNull();
    const changed = compareSurfaces(before, surface({ ...before.entries['.'], formatTime: 'function (t: Date) => string' }), importing('formatDate'));
    expect(requiredBump(changed)).toBeNull();
  });

  it('a type no module imports by name counts when the signature of an imported name shows it', () => {
    const changed = compareSurfaces(before, surface({ ...before.entries['.'], AuthResult: 'type { ok: true }' }), importing('signIn'));
    expect(changed.removedOrChanged).toEqual(['. AuthResult']);
    expect(requiredBump(changed)).toBe('major');
    expect(requiredBump(compareSurfaces(before, surface({ ...before.entries['.'], AuthResult: 'type { ok: true }' }), importing('formatDate')))).toBeNull();
  });

  it('a whole entry imported (a namespace or a dynamic import) counts every name of it', () => {
    expect(requiredBump(compareSurfaces(before, without('formatTime'), importing('*')))).toBe('major');
    expect(requiredBump(compareSurfaces(before, without('formatTime'), { './core': ['*'] }))).toBeNull();
  });

  it('an added name asks for a minor version; nothing changed asks for none', () => {
    const added = compareSurfaces(before, surface({ ...before.entries['.'], truncate: 'function (t: string) => string' }), importing());
    expect(added).toEqual({ removedOrChanged: [], added: ['. truncate'], unimported: [] });
    expect(requiredBump(added)).toBe('minor');
    expect(isBumped('1.2.0', '1.2.1', 'minor')).toBe(false);
    expect(isBumped('1.2.0', '1.3.0', 'minor')).toBe(true);
    expect(requiredBump(compareSurfaces(before, before, importing('*')))).toBeNull();
  });

  it("within a major, what modules imported stays counted (a deployed build still imports it); a new major starts from today's imports", () => {
    const recorded: Surface = { ...before, imported: { '.': ['formatTime'] } };
    expect(importsToRecord(recorded, '1.3.0', importing('formatDate'))).toEqual({ '.': ['formatDate', 'formatTime'] });
    expect(importsToRecord(recorded, '2.0.0', importing('formatDate'))).toEqual({ '.': ['formatDate'] });
    expect(requiredBump(compareSurfaces(recorded, without('formatTime'), mergeImports(recorded.imported, importing('formatDate'))))).toBe('major');
  });
});

describe("the modules' imports of the kernel, read from their code", () => {
  it('named, renamed, type, namespace, dynamic and re-exported imports, by entry; tests and the kernel itself are not read', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kernel-imports-'));
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), text);
    };
    try {
      write('app/src/a.tsx', "import { formatDate, type User as Owner } from '@tablee/shared';\nimport * as core from '@tablee/shared/core';\n");
      write('app/src/b.ts', "export { queryView } from '@tablee/shared/light';\nvoid import('@tablee/shared/supabase');\nimport { x } from '@tablee/other';\n");
      write('app/test/c.test.ts', "import { stopSessionForTests } from '@tablee/shared/testing';\n");
      write('app/src/d.test.tsx', "import { truncate } from '@tablee/shared';\n");
      expect(scanImports([path.join(root, 'app')])).toEqual({ '.': ['formatDate', 'User'], './core': ['*'], './light': ['queryView'], './supabase': ['*'] });
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it("today's code: the modules' and the kernel's own imports across its entries; no production code imports /testing", () => {
    const imports = scanImports();
    expect(imports['./core']).toEqual(expect.arrayContaining(['KERNEL_VERSION', 'BRAND_COLOURS']));
    expect(imports['.']).toEqual(expect.arrayContaining(['AppProviders', 'QueryState']));
    // The light entry's QueryClient hears the session's changes of user through the core: the kernel imports it by its package name.
    expect(imports['./core']).toEqual(expect.arrayContaining(['onUserChange', 'userChanged']));
    expect(imports['./testing']).toBeUndefined();
  });
});
