import fs from 'node:fs';
import path from 'node:path';
import pg, { type Pool } from 'pg';

/**
 * The disk side of local storage: the file of each storage.objects row, at
 * <storageDir>/<bucket>/<name>. Hosted Supabase serves an object only while its row exists and
 * deletes its bytes with it; here a row deleted by SQL (a restaurant's deletion trigger, an
 * administrator) is announced by bootstrap.sql's trigger, and its file removed by `watchDeletedObjects`.
 */

/** Channel of bootstrap.sql's `local_notify_object_deleted` trigger: `{ bucket_id, name }` of each deleted row, on commit. */
const DELETED_CHANNEL = 'local_storage_object_deleted';
/** Where uploads are written before their row is accepted (see storage.ts). */
export const UPLOAD_DIR = '.tmp';

/** The characters hosted Supabase Storage accepts in an object name (its isValidKey: S3's safe characters). */
const KEY_CHARACTERS = /^[A-Za-z0-9_/!\-.*'() &$@=;:+,?]*$/;
/** S3's limit on a whole key, which hosted Supabase keeps. */
const MAX_NAME_BYTES = 1024;
/** A file name's limit on disk (NAME_MAX of ext4, APFS, NTFS): each segment is a directory or file name here. */
const MAX_SEGMENT_BYTES = 255;

/** Why `name` cannot be an object name, in French, or undefined when it can. */
export function invalidObjectName(name: string): string | undefined {
  if (!KEY_CHARACTERS.test(name)) {
    return `« ${name} » contient un caractère non permis (permis : lettres sans accent, chiffres, espace et _ / ! - . * ' ( ) & $ @ = ; : + , ?)`;
  }
  if (name.split('/').some((part) => part === '' || part === '.' || part === '..')) {
    return `« ${name} » a un élément vide, « . » ou « .. »`;
  }
  if (Buffer.byteLength(name) > MAX_NAME_BYTES) return `le nom dépasse ${MAX_NAME_BYTES} octets`;
  if (name.split('/').some((part) => Buffer.byteLength(part) > MAX_SEGMENT_BYTES)) return `un élément du nom dépasse ${MAX_SEGMENT_BYTES} octets`;
  return undefined;
}

const validBucket = (bucket: string) => /^[A-Za-z0-9_!\-.*'() &$@=;:+,?]+$/.test(bucket) && bucket !== '.' && bucket !== '..' && bucket !== UPLOAD_DIR;

export class ObjectFiles {
  private readonly locks = new Map<string, Promise<unknown>>();

  constructor(
    readonly dir: string,
    private readonly pool: Pool,
  ) {}

  /** The file of an object; never outside `dir`, whatever a row written by SQL holds. */
  path(bucket: string, name: string): string {
    if (!validBucket(bucket) || invalidObjectName(name)) throw new Error(`not a storable object: ${bucket}/${name}`);
    return path.join(this.dir, bucket, ...name.split('/'));
  }

  /**
   * Runs `work` alone for this object: its file is placed (with its row's commit), or checked and
   * removed, by one task at a time, so a late deletion never takes the file of a new upload.
   */
  async exclusive<T>(bucket: string, name: string, work: () => Promise<T>): Promise<T> {
    const key = `${bucket}/${name}`;
    const result = (this.locks.get(key) ?? Promise.resolve()).then(work);
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    this.locks.set(key, settled);
    try {
      return await result;
    } finally {
      if (this.locks.get(key) === settled) this.locks.delete(key);
    }
  }

  /** Removes the object's file unless a row (again) holds the name. */
  async removeIfRowGone(bucket: string, name: string): Promise<void> {
    if (!validBucket(bucket) || invalidObjectName(name)) return; // never a file of ours
    await this.exclusive(bucket, name, async () => {
      const { rowCount } = await this.pool.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [bucket, name]);
      if (!rowCount) await fs.promises.rm(this.path(bucket, name), { force: true });
    });
  }

  /** Removes every file whose row is gone: the deletions made while nobody listened (stopped, or disconnected). */
  async sweep(): Promise<void> {
    const { rows } = await this.pool.query<{ key: string }>("select bucket_id || '/' || name as key from storage.objects");
    const stored = new Set(rows.map((row) => row.key));
    const entries = await fs.promises.readdir(this.dir, { recursive: true, withFileTypes: true });
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const [bucket, ...name] = path.relative(this.dir, path.join(entry.parentPath, entry.name)).split(path.sep);
      if (bucket === UPLOAD_DIR || stored.has(`${bucket}/${name.join('/')}`)) continue;
      await this.removeIfRowGone(bucket, name.join('/'));
    }
  }
}

/**
 * Listens for rows deleted from storage.objects and removes their files. The connection is a
 * database's like any other: it may be dropped (a restart, pg_terminate_backend, an idle timeout),
 * so it is reopened after a delay that doubles up to 8 s, and each (re)opening sweeps for the
 * deletions missed while it was closed. Notifications are handled one after the other, in commit order.
 */
export async function watchDeletedObjects(dbUrl: string, files: ObjectFiles, log: (line: string) => void): Promise<{ stop(): Promise<void> }> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let failuresInARow = 0;
  let handled: Promise<void> = Promise.resolve();

  const onDeleted = (payload: string) => {
    handled = handled
      .then(() => {
        const row = JSON.parse(payload) as { bucket_id: string; name: string };
        return files.removeIfRowGone(row.bucket_id, row.name);
      })
      .catch((err: Error) => log(`[storage] fichier d’un objet supprimé non retiré (${err.message}) ; il le sera au prochain balayage`));
  };

  async function open() {
    const next = new pg.Client({ connectionString: dbUrl, keepAlive: true });
    // A dropped connection emits 'error' then 'end'; 'end' reopens.
    next.on('error', () => undefined);
    next.on('notification', (message) => {
      if (message.channel === DELETED_CHANNEL && message.payload) onDeleted(message.payload);
    });
    try {
      await next.connect();
      await next.query(`listen ${DELETED_CHANNEL}`);
    } catch (err) {
      await next.end().catch(() => undefined);
      throw err;
    }
    if (stopped) return void (await next.end().catch(() => undefined));
    client = next;
    next.once('end', () => {
      client = undefined;
      if (stopped) return;
      log('[storage] écoute des suppressions perdue ; reconnexion');
      retry();
    });
    failuresInARow = 0;
    await files.sweep().catch((err: Error) => log(`[storage] balayage des fichiers impossible (${err.message})`));
  }

  function retry() {
    const delay = Math.min(250 * 2 ** failuresInARow, 8_000);
    failuresInARow += 1;
    retryTimer = setTimeout(() => {
      open().catch(() => {
        if (!stopped) retry();
      });
    }, delay);
  }

  await open();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(retryTimer);
      await client?.end().catch(() => undefined);
      await handled;
    },
  };
}
