import { service } from '../clients';

/**
 * Where supabase-js's storage suite, run against hosted Supabase, found local-supabase answering
 * otherwise: size limits in decimal units (Storage's parseFileSizeToBytes), list-v2 pages by a date
 * without repeating an entry, folders' keys without the trailing '/', GET /bucket/{id} with the
 * bucket's columns only.
 */
async function newBucket(label: string, options: { fileSizeLimit?: string } = {}): Promise<string> {
  const id = `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  const { error } = await service().storage.createBucket(id, { public: false, ...options });
  if (error) throw error;
  return id;
}

it("a size limit given as '20mb' is 20,000,000 bytes, '1kb' 1,000: decimal units, as Storage", async () => {
  const id = await newBucket('decimal', { fileSizeLimit: '20mb' });
  expect((await service().storage.getBucket(id)).data?.file_size_limit).toBe(20_000_000);
  expect((await service().storage.updateBucket(id, { public: false, fileSizeLimit: '1kb' })).error).toBeNull();
  expect((await service().storage.getBucket(id)).data?.file_size_limit).toBe(1000);
  const files = service().storage.from(id);
  expect((await files.upload('juste.txt', 'x'.repeat(1000))).error).toBeNull();
  expect((await files.upload('trop.txt', 'x'.repeat(1001))).error).toMatchObject({ statusCode: '413' });
});

it('GET /bucket/{id} gives the bucket’s columns, without `type`', async () => {
  const id = await newBucket('colonnes');
  const { data, error } = await service().storage.getBucket(id);
  expect(error).toBeNull();
  expect(Object.keys(data!).sort()).toEqual(['allowed_mime_types', 'created_at', 'file_size_limit', 'id', 'name', 'owner', 'public', 'updated_at']);
});

it('list-v2 sorted by created_at, page by page: every object once, none repeated', async () => {
  const id = await newBucket('pages');
  const files = service().storage.from(id);
  const names = ['1.txt', '2.txt', '3.txt', '4.txt', '5.txt'];
  for (const name of names) expect((await files.upload(name, name)).error).toBeNull();
  const seen: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 10; page++) {
    const { data, error } = await files.listV2({ limit: 2, cursor, sortBy: { column: 'created_at', order: 'asc' } });
    expect(error).toBeNull();
    seen.push(...data!.objects.map((o) => o.name));
    if (!data!.hasNext) break;
    cursor = data!.nextCursor;
  }
  expect(seen).toEqual(names);
});

it("list-v2 with the delimiter: a folder's key has no trailing '/'", async () => {
  const id = await newBucket('dossiers');
  const files = service().storage.from(id);
  for (const name of ['dossier/1.txt', 'dossier/sous/2.txt']) expect((await files.upload(name, name)).error).toBeNull();
  expect((await files.listV2({ with_delimiter: true })).data!.folders).toEqual([{ name: 'dossier/', key: 'dossier' }]);
  expect((await files.listV2({ prefix: 'dossier/', with_delimiter: true })).data!.folders).toEqual([{ name: 'dossier/sous/', key: 'dossier/sous' }]);
});
