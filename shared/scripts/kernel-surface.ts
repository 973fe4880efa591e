/**
 * The kernel's exported surface (ARCHITECTURE.md, 'What is shared'): every name each runtime entry
 * of @tablee/shared exports, with its kind and its type as TypeScript prints it, so that a change a
 * remote built against an earlier kernel would trip on is seen before it ships.
 *   computeSurface()              used by the test (shared/test/unit/kernel-surface.test.ts)
 *   pnpm kernel:surface           records the current surface in shared/kernel-surface.json, only
 *                                 when shared/package.json's version was bumped as semver asks:
 *                                 major for a removed or changed name, minor for an added one.
 * Hand-written on the TypeScript compiler API: api-extractor would do it but needs built .d.ts files
 * and a config per entry; this is the one comparison the contract needs.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SHARED_DIR = path.resolve(__dirname, '..');
export const SURFACE_FILE = path.join(SHARED_DIR, 'kernel-surface.json');

/** Entries of package.json "exports" that the browser loads (not package.json itself). */
const isRuntimeEntry = (key: string) => key !== './package.json';

export interface Surface {
  version: string;
  /** entry ('.', './core', …) → exported name → 'kind: type'. */
  entries: Record<string, Record<string, string>>;
}

export function kernelVersion(): string {
  return JSON.parse(fs.readFileSync(path.join(SHARED_DIR, 'package.json'), 'utf8')).version;
}

function entries(): Record<string, string> {
  const exportsField = JSON.parse(fs.readFileSync(path.join(SHARED_DIR, 'package.json'), 'utf8')).exports as Record<string, string>;
  return Object.fromEntries(
    Object.entries(exportsField)
      .filter(([key]) => isRuntimeEntry(key))
      .map(([key, file]) => [key, path.join(SHARED_DIR, file)]),
  );
}

const FLAGS = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope;

function describe(checker: ts.TypeChecker, exported: ts.Symbol): string {
  const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
  const declaration = symbol.declarations?.[0];
  if (!declaration) return 'unknown';
  const parts: string[] = [];
  if (symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias)) {
    const type = checker.getDeclaredTypeOfSymbol(symbol);
    const members = checker.getPropertiesOfType(type);
    const shape =
      symbol.flags & ts.SymbolFlags.Interface && members.length > 0
        ? `{ ${members
            .map((m) => `${m.name}${m.flags & ts.SymbolFlags.Optional ? '?' : ''}: ${checker.typeToString(checker.getTypeOfSymbolAtLocation(m, declaration), declaration, FLAGS)}`)
            .join('; ')} }`
        : checker.typeToString(type, declaration, FLAGS | ts.TypeFormatFlags.InTypeAlias);
    parts.push(`type ${shape}`);
  }
  if (symbol.flags & ts.SymbolFlags.Value) {
    const kind = symbol.flags & ts.SymbolFlags.Class ? 'class' : symbol.flags & ts.SymbolFlags.Function ? 'function' : 'value';
    parts.push(`${kind} ${checker.typeToString(checker.getTypeOfSymbolAtLocation(symbol, declaration), declaration, FLAGS)}`);
  }
  return parts.join(' | ') || 'unknown';
}

export function computeSurface(): Surface {
  const files = entries();
  const config = ts.getParsedCommandLineOfConfigFile(path.join(SHARED_DIR, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  if (!config) throw new Error('shared/tsconfig.json illisible');
  // No ambient test types (jest, node): the surface is what the entries themselves declare.
  const program = ts.createProgram(Object.values(files), { ...config.options, noEmit: true, types: [], skipLibCheck: true });
  const checker = program.getTypeChecker();
  const result: Surface = { version: kernelVersion(), entries: {} };
  for (const [entry, file] of Object.entries(files)) {
    const source = program.getSourceFile(file);
    const moduleSymbol = source && checker.getSymbolAtLocation(source);
    if (!moduleSymbol) throw new Error(`entrée du noyau introuvable : ${entry} (${file})`);
    const names: Record<string, string> = {};
    for (const exported of checker.getExportsOfModule(moduleSymbol).sort((a, b) => a.name.localeCompare(b.name))) names[exported.name] = describe(checker, exported);
    result.entries[entry] = names;
  }
  return result;
}

export function readRecordedSurface(): Surface {
  return JSON.parse(fs.readFileSync(SURFACE_FILE, 'utf8')) as Surface;
}

/** What changed between two surfaces, as semver sees it. */
export function compareSurfaces(before: Surface, after: Surface): { removedOrChanged: string[]; added: string[] } {
  const removedOrChanged: string[] = [];
  const added: string[] = [];
  const keys = new Set([...Object.keys(before.entries), ...Object.keys(after.entries)]);
  for (const entry of keys) {
    const old = before.entries[entry] ?? {};
    const now = after.entries[entry] ?? {};
    for (const name of Object.keys(old)) if (!(name in now) || now[name] !== old[name]) removedOrChanged.push(`${entry} ${name}`);
    for (const name of Object.keys(now)) if (!(name in old)) added.push(`${entry} ${name}`);
  }
  return { removedOrChanged, added };
}

/** The smallest version semver asks after `from` for these changes, or null when nothing changed. */
export function requiredBump(from: string, changes: { removedOrChanged: string[]; added: string[] }): 'major' | 'minor' | null {
  if (changes.removedOrChanged.length > 0) return 'major';
  if (changes.added.length > 0) return 'minor';
  return null;
}

const parse = (version: string) => version.split('.').map(Number) as [number, number, number];

/** True when `to` is a bump of `from` of at least this kind. */
export function isBumped(from: string, to: string, bump: 'major' | 'minor'): boolean {
  const [fMajor, fMinor] = parse(from);
  const [tMajor, tMinor] = parse(to);
  if (bump === 'major') return tMajor > fMajor;
  return tMajor > fMajor || (tMajor === fMajor && tMinor > fMinor);
}

if (require.main === module) {
  const recorded = fs.existsSync(SURFACE_FILE) ? readRecordedSurface() : null;
  const current = computeSurface();
  if (recorded) {
    const changes = compareSurfaces(recorded, current);
    const bump = requiredBump(recorded.version, changes);
    // Same surface, same version: nothing to record. Same surface, new version (a patch): recorded below.
    if (bump === null && recorded.version === current.version) {
      console.log(`Surface du noyau inchangée (${recorded.version}).`);
      process.exit(0);
    }
    if (bump !== null && !isBumped(recorded.version, current.version, bump)) {
      console.error(`La surface du noyau a changé : ${[...changes.removedOrChanged.map((c) => `- ${c}`), ...changes.added.map((c) => `+ ${c}`)].join(', ')}`);
      console.error(`Montez la version de shared/package.json (${recorded.version} → version ${bump === 'major' ? 'majeure' : 'mineure'} suivante), puis relancez.`);
      process.exit(1);
    }
  }
  fs.writeFileSync(SURFACE_FILE, `${JSON.stringify(current, null, 2)}\n`);
  console.log(`Surface du noyau ${current.version} enregistrée dans shared/kernel-surface.json.`);
}
