import fs from 'node:fs';
import path from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { HttpFailure } from './storage-errors';
import { UPLOAD_DIR } from './object-files';
import { linger } from './lingering-close';

/**
 * Reading an upload's bytes: streamed to a temporary file, never held whole in memory, and no
 * further than the bucket's limit (a declared Content-Length over it is refused before a byte is
 * read; otherwise the bytes are counted as they come). Raw bodies reach here untouched, whatever
 * their content type (no JSON or text parser takes them first), so the stored bytes are the sent ones.
 */

export interface ReceivedUpload {
  /** The temporary file holding the bytes; the caller moves it into place or removes it. */
  temp: string;
  size: number;
  /** The content type as sent, parameters included (`text/plain;charset=utf-8`). */
  contentType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | undefined;
  /** The first bytes, for the image type check. */
  head: Buffer;
  /** The MD5 of the bytes, as S3 and hosted Storage give it for an object's ETag. */
  md5: string;
}

/** What a form may hold besides its file: boundaries, part headers, cacheControl, and the metadata field (up to busboy's 1 MB field size). */
const MULTIPART_OVERHEAD = 2 * 1024 * 1024;

export function tooLarge(limit: number): HttpFailure {
  return new HttpFailure(413, 'Payload too large', `Le fichier dépasse la taille maximale permise par ce compartiment (${limit} octets).`);
}

/** The bare media type, for comparisons: `Text/Plain; charset=utf-8` → `text/plain`. */
export function mediaType(contentType: string): string {
  return contentType.split(';')[0].trim().toLowerCase();
}

function userMetadataFrom(encoded: string | undefined, base64: boolean): Record<string, unknown> | undefined {
  if (encoded === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(base64 ? Buffer.from(encoded, 'base64').toString('utf8') : encoded);
  } catch {
    throw new HttpFailure(400, 'invalid_metadata', 'Métadonnées invalides : un objet JSON est attendu.');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new HttpFailure(400, 'invalid_metadata', 'Métadonnées invalides : un objet JSON est attendu.');
  return value as Record<string, unknown>;
}

/** Copies `source` into `file`, failing with 413 past `limit` bytes; resolves with the size and the first bytes. */
function copyWithLimit(source: Readable, file: string, limit: number): Promise<{ size: number; head: Buffer; md5: string }> {
  return new Promise((resolve, reject) => {
    const target = fs.createWriteStream(file);
    let size = 0;
    let head = Buffer.alloc(0);
    const hash = createHash('md5');
    let settled = false;
    const fail = (err: Error) => {
      if (settled) return;
      settled = true;
      source.off('data', onData);
      source.off('end', onEnd);
      source.pause();
      // Rejected once the file is closed, so that the caller's removal of it comes after its creation.
      target.once('close', () => reject(err));
      target.destroy();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return fail(tooLarge(limit));
      hash.update(chunk);
      if (head.length < 16) head = Buffer.concat([head, chunk.subarray(0, 16 - head.length)]);
      if (!target.write(chunk)) {
        source.pause();
        target.once('drain', () => source.resume());
      }
    };
    const onEnd = () => {
      if (settled) return;
      settled = true;
      target.end(() => resolve({ size, head, md5: hash.digest('hex') }));
    };
    source.on('data', onData);
    source.once('end', onEnd);
    source.once('error', fail);
    // A client that goes away before the end.
    source.once('close', () => {
      if (!source.readableEnded) fail(new HttpFailure(400, 'Invalid request', 'Envoi interrompu avant la fin du fichier.'));
    });
    target.once('error', fail);
    // A multipart file stream cut at its own limit (busboy) ends early and says so.
    source.once('limit', () => fail(tooLarge(limit)));
  });
}

async function tempFile(dir: string): Promise<string> {
  const temp = path.join(dir, UPLOAD_DIR, randomUUID());
  await fs.promises.mkdir(path.dirname(temp), { recursive: true });
  return temp;
}

/**
 * Reads the upload of `req` (raw body or multipart form) into a temporary file, at most `limit` bytes.
 * On failure nothing is left on disk and the error is an HttpFailure (413 past the limit, 400 for a bad form).
 */
export async function receiveUpload(req: FastifyRequest, dir: string, limit: number): Promise<ReceivedUpload> {
  const declared = Number(req.headers['content-length']);
  const temp = await tempFile(dir);
  try {
    if (req.isMultipart()) {
      // The form's other fields and headers count too: a declared length is refused only past the limit and what they may take.
      const contentType = String(req.headers['content-type']);
      if (!/;\s*boundary=/i.test(contentType)) {
        throw new HttpFailure(400, 'invalid_request', 'Formulaire multipart invalide : l’en-tête Content-Type n’indique pas de « boundary ».');
      }
      if (Number.isFinite(declared) && declared > limit + MULTIPART_OVERHEAD) throw tooLarge(limit);
      let received: Omit<ReceivedUpload, 'cacheControl' | 'userMetadata' | 'temp'> | undefined;
      let cacheControl = '3600';
      let userMetadata: Record<string, unknown> | undefined;
      for await (const part of req.parts({ limits: { fileSize: limit, files: 1 } })) {
        if (part.type === 'file') {
          if (received) {
            part.file.resume();
            continue;
          }
          const copied = await copyWithLimit(part.file, temp, limit);
          if (part.file.truncated) throw tooLarge(limit);
          received = { ...copied, contentType: part.mimetype };
        } else if (part.fieldname === 'cacheControl' && typeof part.value === 'string') {
          cacheControl = part.value;
        } else if (part.fieldname === 'metadata' && typeof part.value === 'string') {
          userMetadata = userMetadataFrom(part.value, false);
        }
      }
      if (!received) throw new HttpFailure(400, 'Invalid request', 'Aucun fichier dans le formulaire envoyé.');
      return { ...received, temp, cacheControl, userMetadata };
    }
    if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
    const copied = await copyWithLimit(req.raw, temp, limit);
    const contentType = String(req.headers['content-type'] ?? 'application/octet-stream').trim() || 'application/octet-stream';
    const cacheControl = String(req.headers['cache-control'] ?? 'max-age=3600').replace(/^max-age=/, '');
    const metadataHeader = req.headers['x-metadata'];
    return { temp, ...copied, contentType, cacheControl, userMetadata: userMetadataFrom(typeof metadataHeader === 'string' ? metadataHeader : undefined, true) };
  } catch (err) {
    await fs.promises.rm(temp, { force: true });
    linger(req);
    throw translateMultipartError(err);
  }
}

/** busboy's and @fastify/multipart's own errors, told in French and as the caller's fault. */
function translateMultipartError(err: unknown): unknown {
  if (err instanceof HttpFailure) return err;
  const e = err as Error & { code?: string; statusCode?: number };
  if (e.code === 'FST_REQ_FILE_TOO_LARGE') return err;
  if (e.code?.startsWith('FST_') || /multipart|boundary|unexpected end of form/i.test(e.message ?? '')) {
    return new HttpFailure(400, 'invalid_request', `Formulaire multipart invalide (${e.message}).`);
  }
  return err;
}
