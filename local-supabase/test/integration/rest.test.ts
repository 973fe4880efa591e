import net from 'node:net';
import { env, newOwner, service } from '../clients';

const ONE_MB = 1024 * 1024;

const headers = (accessToken: string) => ({
  apikey: env.anonKey,
  authorization: `Bearer ${accessToken}`,
  'content-type': 'application/json',
  prefer: 'return=representation',
});

/** A POST to /rest/v1/restaurants as the owner, with a Content-Length. */
async function postWithLength(accessToken: string, body: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${env.url}/rest/v1/restaurants`, { method: 'POST', headers: headers(accessToken), body });
  return { status: res.status, body: await res.json() };
}

/**
 * The same POST with the body sent in chunks, without a Content-Length: the limit must count the bytes
 * as they come. The server answers as soon as the limit is passed and closes the connection, so the
 * rest of the body cannot be written; HTTP clients report only that failed write (EPIPE), hence a
 * plain socket here, which reads the answer the server sent before closing.
 */
function postChunkedTooLarge(accessToken: string, body: string): Promise<{ status: number; body: unknown }> {
  const { hostname, port } = new URL(env.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname === 'localhost' ? '127.0.0.1' : hostname);
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('error', () => undefined); // the writes after the server's answer fail; the answer is what counts
    socket.on('close', () => {
      const [head, ...rest] = answer.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1]);
      try {
        resolve({ status, body: JSON.parse(rest.join('\r\n\r\n')) });
      } catch {
        reject(new Error(`not a JSON answer: ${answer.slice(0, 300)}`));
      }
    });
    const lines = Object.entries({ ...headers(accessToken), host: `${hostname}:${port}`, 'transfer-encoding': 'chunked', connection: 'close' }).map(([k, v]) => `${k}: ${v}`);
    socket.write(`POST /rest/v1/restaurants HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
    const bytes = Buffer.from(body);
    for (let offset = 0; offset < bytes.length; offset += 64 * 1024) {
      const chunk = bytes.subarray(offset, offset + 64 * 1024);
      socket.write(`${chunk.length.toString(16)}\r\n`);
      socket.write(chunk);
      socket.write('\r\n');
    }
    socket.write('0\r\n\r\n');
  });
}

/** A chunked POST the server reads whole (under the limit): fetch streams it, without a Content-Length. */
async function postChunked(accessToken: string, body: string): Promise<{ status: number; body: unknown }> {
  const bytes = new TextEncoder().encode(body);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let offset = 0; offset < bytes.length; offset += 64 * 1024) controller.enqueue(bytes.subarray(offset, offset + 64 * 1024));
      controller.close();
    },
  });
  const res = await fetch(`${env.url}/rest/v1/restaurants`, { method: 'POST', headers: headers(accessToken), body: stream, duplex: 'half' } as RequestInit);
  return { status: res.status, body: await res.json() };
}

const restaurantsNamed = async (marker: string) => (await service().from('restaurants').select('id').like('name', `${marker}%`)).data;

describe('/rest/v1 takes bodies of at most 1 MB, as the other endpoints', () => {
  it.each([
    ['with a Content-Length', postWithLength],
    ['sent in chunks', postChunkedTooLarge],
  ])('refuses a 3 MB body %s with 413 and a French message, before PostgREST sees it', async (_label, post) => {
    const owner = await newOwner('rest-limit');
    const { session } = (await owner.client.auth.getSession()).data;
    const marker = `Trop long ${Date.now()}`;
    const res = await post(session!.access_token, JSON.stringify({ name: `${marker} ${'x'.repeat(3 * ONE_MB)}` }));

    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      code: 'request_too_large',
      message: 'La requête dépasse la taille maximale de 1 Mo.',
      details: `Taille maximale : ${ONE_MB} octets.`,
      hint: null,
    });
    expect(await restaurantsNamed(marker)).toEqual([]);
  });

  it.each([
    ['with a Content-Length', postWithLength],
    ['sent in chunks', postChunked],
  ])('lets a body just under 1 MB through, %s', async (_label, post) => {
    const owner = await newOwner('rest-under-limit');
    const { session } = (await owner.client.auth.getSession()).data;
    const marker = `Juste assez ${Date.now()}`;
    // Blank space is valid JSON: the limit counts the bytes sent, whatever they hold.
    const body = `{"name": ${JSON.stringify(marker)}${' '.repeat(ONE_MB - 200)}}`;
    const res = await post(session!.access_token, body);
    expect(res.status).toBe(201);
    expect(await restaurantsNamed(marker)).toHaveLength(1);
  });
});
