/**
 * ESLint rule `tablee/no-import-cycle`: no circle of relative imports, type-only imports included
 * (import-x's no-cycle leaves those out by design; a circle through a type still ties two files
 * together: neither can move or be read alone). A dynamic `import()` loads later and is no edge.
 * The other files are read from disk, their static `import … from` / `export … from` by a pattern.
 */
import fs from 'node:fs';
import path from 'node:path';

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
/** A static import or re-export of a relative path, at the start of a line (multi-line lists included), or an import for its effects. */
const STATIC_RELATIVE = [/^[ \t]*(?:import|export)\b[^;'"]*?\bfrom\s*['"](\.{1,2}\/[^'"]*)['"]/gm, /^[ \t]*import\s*['"](\.{1,2}\/[^'"]*)['"]/gm];

function resolveFrom(file, specifier) {
  const base = path.resolve(path.dirname(file), specifier);
  const candidates = [base, ...EXTENSIONS.map((ext) => base + ext), ...EXTENSIONS.map((ext) => path.join(base, `index${ext}`))];
  // './x.js' written for './x.ts' (TypeScript's ES-module style).
  if (/\.[cm]?js$/.test(base)) candidates.push(...['.ts', '.tsx', '.mts', '.cts'].map((ext) => base.replace(/\.[cm]?js$/, ext)));
  return candidates.find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile());
}

/** One lint run reads each file once. */
const edges = new Map();
function importsOf(file) {
  let found = edges.get(file);
  if (!found) {
    const text = fs.readFileSync(file, 'utf8');
    found = [
      ...new Set(
        STATIC_RELATIVE.flatMap((pattern) => [...text.matchAll(pattern)])
          .map((m) => resolveFrom(file, m[1]))
          .filter(Boolean),
      ),
    ];
    edges.set(file, found);
  }
  return found;
}

/** The shortest way from `start` back to `target`, as the files passed through, or null. */
function wayBack(start, target) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const file = queue.shift();
    for (const next of importsOf(file)) {
      if (next === target) {
        const way = [file];
        for (let at = previous.get(file); at; at = previous.get(at)) way.unshift(at);
        return way;
      }
      if (!previous.has(next)) {
        previous.set(next, file);
        queue.push(next);
      }
    }
  }
  return null;
}

export const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'No circle of relative imports, type-only imports included.' },
    schema: [],
    messages: { cycle: 'Import circle: {{way}}. Move what both need into a file of its own.' },
  },
  create(context) {
    const file = context.physicalFilename;
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = resolveFrom(file, specifier);
      if (!target) return;
      const way = target === file ? [] : wayBack(target, file);
      if (!way) return;
      const root = path.dirname(file);
      const names = [file, ...way, file].map((f) => path.relative(root, f) || path.basename(f));
      context.report({ node, messageId: 'cycle', data: { way: names.join(' → ') } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

export default { rules: { 'no-import-cycle': noImportCycle } };
