#!/usr/bin/env node
// Serves one built module as its own static site (one "deployment"): its dist/ folder, /config.json
// from the file the launcher wrote, CORS open (the shell on another origin fetches remotes' manifests
// and chunks), and index.html for any other path without an extension (client-side routes).
//   node scripts/serve.mjs --dir shell/dist --port 3000 --config .data/runtime/config.json [--name shell]
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import crypto from 'node:crypto';

const args = process.argv.slice(2);
const opt = (name) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const dir = path.resolve(opt('dir') ?? '.');
const port = Number(opt('port') ?? 3000);
const configFile = opt('config') && path.resolve(opt('config'));
const name = opt('name') ?? path.basename(path.dirname(dir));

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.map']);
/**
 * Compressed once per file, encoding and modification time: a build replaces files, the server keeps running.
 * Brotli (quality 11, as a CDN precompresses) when the browser accepts it, else gzip.
 */
const compressed = new Map();
const ENCODERS = {
  br: (bytes) => zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
  gzip: (bytes) => zlib.gzipSync(bytes),
};
function compressedBody(file, encoding) {
  const { mtimeMs } = fs.statSync(file);
  const key = `${encoding}:${file}`;
  const cached = compressed.get(key);
  if (cached?.mtimeMs === mtimeMs) return cached.body;
  const body = ENCODERS[encoding](fs.readFileSync(file));
  compressed.set(key, { mtimeMs, body });
  return body;
}

/** The origins of the run-time config (Supabase, the reservation service, the remotes' manifests), read anew per page. */
function configOrigins() {
  const origins = { supabase: [], api: [], remotes: [] };
  try {
    const config = JSON.parse(fs.readFileSync(configFile, 'utf8'));
    const origin = (url) => {
      try {
        return new URL(url).origin;
      } catch {
        return null;
      }
    };
    origins.supabase = [origin(config.supabaseUrl)].filter(Boolean);
    origins.api = [origin(config.reservationApiUrl)].filter(Boolean);
    origins.remotes = [
      ...new Set(
        Object.values(config.remotes ?? {})
          .map((r) => origin(typeof r === 'string' ? r : r?.entry))
          .filter(Boolean),
      ),
    ];
  } catch {
    // No config: the page can only reach its own origin.
  }
  return origins;
}

/** 'sha256-…' of each inline <script> of a page (the shell's early config.json fetch), per file and modification time. */
const inlineHashes = new Map();
function scriptHashes(file) {
  const { mtimeMs } = fs.statSync(file);
  const cached = inlineHashes.get(file);
  if (cached?.mtimeMs === mtimeMs) return cached.hashes;
  const html = fs.readFileSync(file, 'utf8');
  const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => `'sha256-${crypto.createHash('sha256').update(m[1]).digest('base64')}'`);
  inlineHashes.set(file, { mtimeMs, hashes });
  return hashes;
}

/**
 * The security headers of every answer (README 'Security headers', the same for a CDN): no MIME
 * sniffing, the origin only as referrer, and on pages a CSP allowing this origin, the remotes (their
 * manifests, chunks, styles and images), Supabase (REST, auth, storage images, realtime websocket) and
 * the reservation service. antd writes its styles at run time ('unsafe-inline' styles only; scripts
 * inline only by hash). Only the customer's request page /demande/* may be framed (restaurants' sites
 * embed it); every other page is never framed.
 */
function securityHeaders(pathname, file) {
  const headers = { 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'strict-origin-when-cross-origin' };
  if (!file?.endsWith('.html')) return headers;
  const { supabase, api, remotes } = configOrigins();
  const websockets = supabase.map((o) => o.replace(/^http/, 'ws'));
  const framed = /^\/demande\/[^/]+\/?$/.test(pathname);
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${[...scriptHashes(file), ...remotes].join(' ')}`,
    `style-src 'self' 'unsafe-inline' ${remotes.join(' ')}`,
    `img-src 'self' data: blob: ${[...supabase, ...remotes].join(' ')}`,
    `font-src 'self' data: ${remotes.join(' ')}`,
    `connect-src 'self' ${[...supabase, ...websockets, ...api, ...remotes].join(' ')}`,
    "frame-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${framed ? '*' : "'none'"}`,
  ];
  headers['Content-Security-Policy'] = csp.map((d) => d.trim()).join('; ');
  if (!framed) headers['X-Frame-Options'] = 'DENY';
  return headers;
}

function send(res, status, headers, body) {
  res.writeHead(status, { 'Access-Control-Allow-Origin': '*', 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'strict-origin-when-cross-origin', ...headers });
  res.end(body);
}

const server = http.createServer((req, res) => {
  if (req.method === 'OPTIONS') return send(res, 204, { 'Access-Control-Allow-Methods': 'GET, HEAD', 'Access-Control-Allow-Headers': '*' });
  if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, { Allow: 'GET, HEAD' }, '');
  let pathname;
  try {
    pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
  } catch {
    return send(res, 400, {}, 'Bad request');
  }
  if (pathname === '/config.json') {
    if (!configFile || !fs.existsSync(configFile)) return send(res, 404, { 'Content-Type': 'text/plain' }, 'config.json absent');
    return send(res, 200, { 'Content-Type': TYPES['.json'], 'Cache-Control': 'no-store' }, req.method === 'HEAD' ? undefined : fs.readFileSync(configFile));
  }
  let file = path.join(dir, pathname);
  if (!file.startsWith(dir)) return send(res, 403, {}, 'Forbidden');
  if (!fs.existsSync(file) || fs.statSync(file).isDirectory()) {
    if (path.extname(pathname)) return send(res, 404, { 'Content-Type': 'text/plain' }, 'Not found');
    file = path.join(dir, 'index.html');
  }
  const ext = path.extname(file);
  // Hashed chunks are immutable; the entry points (index.html, mf-manifest.json, remoteEntry.js) are not.
  const immutable = file.includes(`${path.sep}static${path.sep}`);
  const headers = {
    ...securityHeaders(pathname, file),
    'Content-Type': TYPES[ext] ?? 'application/octet-stream',
    'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    Vary: 'Accept-Encoding',
  };
  // Text goes out compressed when the browser accepts it, as any static host or CDN sends it: brotli
  // (about a fifth smaller than gzip on these chunks), else gzip.
  const accepted = req.headers['accept-encoding'] ?? '';
  const encoding = !COMPRESSIBLE.has(ext) ? undefined : /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
  if (encoding) headers['Content-Encoding'] = encoding;
  send(res, 200, headers, req.method === 'HEAD' ? undefined : encoding ? compressedBody(file, encoding) : fs.readFileSync(file));
});

server.listen(port, () => console.log(`${name} servi sur http://localhost:${port}`));
const stop = () => server.close(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
