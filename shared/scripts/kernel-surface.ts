/**
 * The kernel's exported surface (ARCHITECTURE.md, 'What is shared'): every name each runtime entry
 * of @tablee/shared exports, with its kind and its type as TypeScript prints it, and the names the
 * modules import, so that a change a module built against an earlier kernel would trip on is seen
 * before it ships, and a change no module can meet needs no version.
 *   computeSurface(), scanImports()  used by the test (shared/test/unit/kernel-surface.test.ts)
 *   pnpm kernel:surface           records the current surface in shared/kernel-surface.json, only
 *                                 when shared/package.json's version was bumped as semver asks:
 *                                 major for a removed or changed name that a module imports (or that
 *                                 the signature of an imported name shows), minor for an added one;
 *                                 a name no module imports changes without a version.
 * Hand-written on the TypeScript compiler API: api-extractor would do it but needs built .d.ts files
 * and a config per entry; this is the one comparison the contract needs.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SHARED_DIR = path.resolve(__dirname, '..');
export const SURFACE_FILE = path.join(SHARED_DIR, 'kernel-surface.json');

/** Entries of package.json "exports" that the browser loads (not package.json itself, nor the tests' hooks). */
const isRuntimeEntry = (key: string) => key !== './package.json' && key !== './testing';

/** entry ('.', './core', …) → the names modules import from it, sorted; '*' for the whole entry (namespace, dynamic import). */
export type Imports = Record<string, string[]>;

export interface Surface {
  version: string;
  /** What the modules imported while this major was current (a deployed build may still import it). */
  imported: Imports;
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
  const result: Surface = { version: kernelVersion(), imported: {}, entries: {} };
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

const ROOT = path.resolve(SHARED_DIR, '..');
const KERNEL = '@tablee/shared';
const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const NOT_READ = new Set(['node_modules', 'dist', 'coverage', 'test', 'tests', '.data']);

/**
 * The code that imports the kernel at run time: every workspace package but its tests, and the kernel's
 * own sources (its entries import one another by the package name, e.g. the QueryClient the session's).
 */
function importingFolders(): string[] {
  const workspace = fs.readFileSync(path.join(ROOT, 'pnpm-workspace.yaml'), 'utf8');
  const packages = [...workspace.matchAll(/^\s*-\s*['"]?([\w./-]+)['"]?\s*$/gm)].map((match) => match[1]);
  return [...packages.filter((dir) => dir !== 'shared').map((dir) => path.join(ROOT, dir)), path.join(SHARED_DIR, 'src')];
}

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((item) => {
    const file = path.join(dir, item.name);
    if (item.isDirectory()) return NOT_READ.has(item.name) ? [] : sourceFiles(file);
    return SOURCE.test(item.name) && !/\.test\.\w+$/.test(item.name) ? [file] : [];
  });
}

/** The entry an import names ('@tablee/shared/core' → './core'), or null for another package. */
function entryOf(specifier: string): string | null {
  if (specifier === KERNEL) return '.';
  return specifier.startsWith(`${KERNEL}/`) ? `.${specifier.slice(KERNEL.length)}` : null;
}

/** What the code under `folders` imports from the kernel, by entry (tests not read). */
export function scanImports(folders: string[] = importingFolders()): Imports {
  const found: Record<string, Set<string>> = {};
  const add = (specifier: string, names: string[]) => {
    const entry = entryOf(specifier);
    if (entry) names.forEach((name) => (found[entry] ??= new Set()).add(name));
  };
  for (const file of folders.flatMap(sourceFiles)) {
    const text = fs.readFileSync(file, 'utf8');
    if (!text.includes(KERNEL)) continue;
    const visit = (node: ts.Node): void => {
      // The kernel's main entry re-exports its other entries: that is its own surface (recorded under '.'), not a use.
      const reExport = ts.isExportDeclaration(node) && file.startsWith(SHARED_DIR);
      if ((ts.isImportDeclaration(node) || (ts.isExportDeclaration(node) && !reExport)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        const bindings = ts.isImportDeclaration(node) ? node.importClause?.namedBindings : node.exportClause;
        const whole = ts.isImportDeclaration(node) ? (bindings && ts.isNamespaceImport(bindings)) || node.importClause?.name : !bindings || ts.isNamespaceExport(bindings);
        const named = bindings && (ts.isNamedImports(bindings) || ts.isNamedExports(bindings)) ? bindings.elements.map((element) => (element.propertyName ?? element.name).text) : [];
        add(node.moduleSpecifier.text, whole ? ['*'] : named);
      }
      // import('@tablee/shared/…') or require(…): its names are not written, so the whole entry counts.
      if (ts.isCallExpression(node) && node.arguments.length === 1 && ts.isStringLiteral(node.arguments[0])) {
        const callee = node.expression;
        if (callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === 'require')) add(node.arguments[0].text, ['*']);
      }
      ts.forEachChild(node, visit);
    };
    visit(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true));
  }
  return Object.fromEntries(
    Object.entries(found)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([entry, names]) => [entry, [...names].sort((a, b) => a.localeCompare(b))]),
  );
}

/** Both lists of imports, merged by entry. */
export function mergeImports(a: Imports, b: Imports): Imports {
  const entries = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort((x, y) => x.localeCompare(y));
  return Object.fromEntries(entries.map((entry) => [entry, [...new Set([...(a[entry] ?? []), ...(b[entry] ?? [])])].sort((x, y) => x.localeCompare(y))]));
}

/**
 * The imports to record with `version`: within the recorded major, those recorded are kept (a module
 * built against it may still import them); a new major starts from today's.
 */
export function importsToRecord(recorded: Surface, version: string, current: Imports): Imports {
  return parse(version)[0] === parse(recorded.version)[0] ? mergeImports(recorded.imported ?? {}, current) : current;
}

/**
 * The names of one entry a module can meet: those it imports, and those their descriptions show (the
 * type a function returns is met through it), in either surface.
 */
function namesInUse(entry: string, surfaces: Surface[], imports: Imports): Set<string> {
  const exported = new Set(surfaces.flatMap((surface) => Object.keys(surface.entries[entry] ?? {})));
  const imported = imports[entry] ?? [];
  const used = new Set(imported.includes('*') ? exported : imported);
  const shows = (description: string, name: string) => new RegExp(`\\b${name.replace(/\$/g, '\\$')}\\b`).test(description);
  for (let grew = true; grew;) {
    grew = false;
    for (const name of exported) {
      if (used.has(name)) continue;
      const descriptions = [...used].flatMap((user) => surfaces.map((surface) => surface.entries[entry]?.[user] ?? ''));
      if (descriptions.some((description) => shows(description, name))) {
        used.add(name);
        grew = true;
      }
    }
  }
  return used;
}

export interface SurfaceChanges {
  /** Removed or changed names a module imports (or meets through an imported one): a major. */
  removedOrChanged: string[];
  /** New names: a minor. */
  added: string[];
  /** Removed or changed names no module imports: recorded, no version. */
  unimported: string[];
}

/** What changed between two surfaces, as semver sees it for the modules' `imports`. */
export function compareSurfaces(before: Surface, after: Surface, imports: Imports): SurfaceChanges {
  const changes: SurfaceChanges = { removedOrChanged: [], added: [], unimported: [] };
  const keys = new Set([...Object.keys(before.entries), ...Object.keys(after.entries)]);
  for (const entry of keys) {
    const old = before.entries[entry] ?? {};
    const now = after.entries[entry] ?? {};
    const used = namesInUse(entry, [before, after], imports);
    for (const name of Object.keys(old)) {
      if (name in now && now[name] === old[name]) continue;
      (used.has(name) ? changes.removedOrChanged : changes.unimported).push(`${entry} ${name}`);
    }
    for (const name of Object.keys(now)) if (!(name in old)) changes.added.push(`${entry} ${name}`);
  }
  return changes;
}

/** The smallest version semver asks for these changes, or null when none is needed. */
export function requiredBump(changes: SurfaceChanges): 'major' | 'minor' | null {
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

/** Names some module imports that the recorded surface does not list as imported: to record (no version needed). */
export function unrecordedImports(recorded: Surface, current: Imports): string[] {
  return Object.entries(current).flatMap(([entry, names]) => names.filter((name) => !(recorded.imported?.[entry] ?? []).includes(name)).map((name) => `${entry} ${name}`));
}

if (require.main === module) {
  const recorded = fs.existsSync(SURFACE_FILE) ? readRecordedSurface() : null;
  const current = computeSurface();
  const imports = scanImports();
  if (recorded) {
    const changes = compareSurfaces(recorded, current, mergeImports(recorded.imported ?? {}, imports));
    const bump = requiredBump(changes);
    const unchanged = bump === null && changes.unimported.length === 0 && unrecordedImports(recorded, imports).length === 0;
    // Same surface, same version: nothing to record. Same surface, new version (a patch): recorded below.
    if (unchanged && recorded.version === current.version) {
      console.log(`Surface du noyau inchangée (${recorded.version}).`);
      process.exit(0);
    }
    if (bump !== null && !isBumped(recorded.version, current.version, bump)) {
      console.error(`La surface du noyau a changé : ${[...changes.removedOrChanged.map((c) => `- ${c}`), ...changes.added.map((c) => `+ ${c}`)].join(', ')}`);
      console.error(`Montez la version de shared/package.json (${recorded.version} → version ${bump === 'major' ? 'majeure' : 'mineure'} suivante), puis relancez.`);
      process.exit(1);
    }
    current.imported = importsToRecord(recorded, current.version, imports);
  } else {
    current.imported = imports;
  }
  fs.writeFileSync(SURFACE_FILE, `${JSON.stringify(current, null, 2)}\n`);
  console.log(`Surface du noyau ${current.version} enregistrée dans shared/kernel-surface.json.`);
}
