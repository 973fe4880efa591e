import type { PoolClient } from 'pg';
import { HttpFailure } from './storage-errors';

/**
 * POST /object/list-v2/<bucket>, as hosted Storage answers it: `{ hasNext, folders, objects, nextCursor }`,
 * names given whole (folders end with '/'), a plain prefix (`%` and `_` are characters like any
 * other), at most 1000 entries a page, an opaque cursor for the next one. Run as the caller: an object
 * its select policies hide is neither listed nor counted in a folder.
 */

export const LIST_V2_BODY_SCHEMA = {
  type: 'object',
  properties: {
    prefix: { type: 'string' },
    limit: { type: 'integer', minimum: 1 },
    cursor: { type: 'string' },
    with_delimiter: { type: 'boolean' },
    sortBy: {
      type: 'object',
      properties: {
        column: { type: 'string', enum: ['name', 'updated_at', 'created_at'] },
        order: { type: 'string', enum: ['asc', 'desc'] },
      },
      required: ['column'],
    },
  },
} as const;

export interface ListV2Body {
  prefix?: string;
  limit?: number;
  cursor?: string;
  with_delimiter?: boolean;
  sortBy?: { column: 'name' | 'updated_at' | 'created_at'; order?: 'asc' | 'desc' };
}

interface Cursor {
  /** The last entry's name, and its sort column's value when the sort is by a date. */
  name: string;
  at?: string;
  column: 'name' | 'updated_at' | 'created_at';
  order: 'asc' | 'desc';
}

const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decodeCursor(text: string): Cursor {
  try {
    const cursor = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Cursor;
    if (typeof cursor.name === 'string' && ['name', 'updated_at', 'created_at'].includes(cursor.column) && ['asc', 'desc'].includes(cursor.order)) return cursor;
  } catch {
    // refused below
  }
  throw new HttpFailure(400, 'invalid_request', 'Paramètre « cursor » invalide : reprenez la valeur « nextCursor » d’une page précédente.');
}

/** `sort_at`: the sort date as PostgreSQL's text, to the microsecond (a Date keeps milliseconds: the cursor would come before its own entry). */
type Entry = { id: string | null; name: string; metadata: unknown; created_at: Date; updated_at: Date; last_accessed_at: Date; sort_at: string | null };

export async function listV2(client: PoolClient, bucketId: string, body: ListV2Body) {
  const limit = Math.min(body.limit ?? 1000, 1000);
  const prefix = body.prefix ?? '';
  const cursor = body.cursor ? decodeCursor(body.cursor) : undefined;
  const column = cursor?.column ?? body.sortBy?.column ?? 'name';
  const order = cursor?.order ?? body.sortBy?.order ?? 'asc';
  const dir = order === 'desc' ? 'desc' : 'asc';
  const cmp = order === 'desc' ? '<' : '>';
  const params: unknown[] = [bucketId, prefix, body.with_delimiter === true, limit + 1];
  let after = '';
  if (cursor) {
    params.push(cursor.name);
    if (column === 'name') after = `where name collate "C" ${cmp} $5`;
    else {
      params.push(cursor.at);
      after = `where (${column}, name collate "C") ${cmp} ($6::timestamptz, $5::text collate "C")`;
    }
  }
  // With the delimiter, every object below a sub-folder of the prefix counts as that folder ('a/b/c' under 'a/' is 'a/b/').
  const { rows } = await client.query<Entry>(
    `with entries as (
       select case when $3 and strpos(substr(name, char_length($2) + 1), '/') > 0
                   then left(name, char_length($2) + strpos(substr(name, char_length($2) + 1), '/'))
                   else name end as entry,
              id, metadata, created_at, updated_at, last_accessed_at
         from storage.objects
        where bucket_id = $1 and starts_with(name, $2)
     ), grouped as (
       select entry as name,
              case when right(entry, 1) = '/' then null else (array_agg(id))[1] end as id,
              case when right(entry, 1) = '/' then null else (array_agg(metadata))[1] end as metadata,
              min(created_at) as created_at, max(updated_at) as updated_at, max(last_accessed_at) as last_accessed_at
         from entries group by entry
     )
     select *, ${column === 'name' ? 'null' : `${column}::text`} as sort_at from grouped ${after}
      order by ${column === 'name' ? '' : `${column} ${dir},`} name collate "C" ${dir}
      limit $4`,
    params,
  );
  const hasNext = rows.length > limit;
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    hasNext,
    // A folder's key is its path without the trailing '/', as Storage gives it.
    folders: page.filter((r) => r.id === null).map((r) => ({ name: r.name, key: r.name.replace(/\/$/, '') })),
    objects: page
      .filter((r) => r.id !== null)
      .map((r) => ({ id: r.id, name: r.name, key: r.name, metadata: r.metadata, created_at: r.created_at, updated_at: r.updated_at, last_accessed_at: r.last_accessed_at })),
    ...(hasNext && last ? { nextCursor: encodeCursor({ name: last.name, at: last.sort_at ?? undefined, column, order }) } : {}),
  };
}
