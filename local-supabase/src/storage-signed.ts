import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { HttpFailure } from './storage-errors';

/**
 * Signed URLs, as hosted Storage makes them: a JWT signed with the project's secret, naming the
 * object (`url: "<bucket>/<name>"`). A download token lets anyone read that object until it expires;
 * an upload token lets anyone write it once, within two hours, as its signer (the signer's role and
 * claims go with it, so the policies are checked again at upload: stricter than hosted Supabase,
 * which writes as the owner it recorded).
 */

export const UPLOAD_URL_SECONDS = 2 * 60 * 60;

export interface UploadGrant {
  url: string;
  upsert: boolean;
  /** The signer's claims, under which the upload runs. */
  claims: { role: string; sub?: string; [key: string]: unknown };
  jti: string;
  exp: number;
}

export function signDownload(secret: string, objectUrl: string, expiresIn: number): string {
  return jwt.sign({ url: objectUrl }, secret, { algorithm: 'HS256', expiresIn });
}

export function signUpload(secret: string, objectUrl: string, upsert: boolean, claims: UploadGrant['claims']): string {
  return jwt.sign({ url: objectUrl, upsert, claims, owner: claims.sub }, secret, { algorithm: 'HS256', expiresIn: UPLOAD_URL_SECONDS, jwtid: randomUUID() });
}

function verified(secret: string, token: unknown, objectUrl: string): jwt.JwtPayload {
  if (typeof token !== 'string' || !token) throw new HttpFailure(400, 'InvalidJWT', 'Lien signé invalide : le paramètre « token » manque.');
  let payload: string | jwt.JwtPayload;
  try {
    payload = jwt.verify(token, secret, { algorithms: ['HS256'] });
  } catch (err) {
    const expired = (err as Error).name === 'TokenExpiredError';
    throw new HttpFailure(400, 'InvalidJWT', expired ? 'Lien signé expiré.' : 'Lien signé invalide : signature refusée.');
  }
  if (typeof payload !== 'object' || payload.url !== objectUrl) throw new HttpFailure(400, 'InvalidSignature', 'Lien signé invalide : il ne désigne pas cet objet.');
  return payload;
}

export function verifyDownload(secret: string, token: unknown, objectUrl: string): void {
  verified(secret, token, objectUrl);
}

/** Upload tokens already used (or in use), until they expire: each is good for one upload. */
export class UploadGrants {
  private readonly used = new Map<string, number>();

  verify(secret: string, token: unknown, objectUrl: string): UploadGrant {
    const payload = verified(secret, token, objectUrl);
    const claims = payload.claims as UploadGrant['claims'] | undefined;
    if (!payload.jti || !claims || typeof claims.role !== 'string') throw new HttpFailure(400, 'InvalidSignature', 'Lien signé invalide : ce n’est pas un lien d’envoi.');
    return { url: objectUrl, upsert: payload.upsert === true, claims, jti: payload.jti, exp: payload.exp ?? 0 };
  }

  /** Takes the grant for one upload; a second use, even while the first is under way, is refused. */
  take(grant: UploadGrant): void {
    const now = Date.now() / 1000;
    for (const [jti, exp] of this.used) if (exp < now) this.used.delete(jti);
    if (this.used.has(grant.jti)) throw new HttpFailure(409, 'InvalidSignature', 'Ce lien d’envoi a déjà servi : demandez-en un nouveau.');
    this.used.set(grant.jti, grant.exp);
  }

  /** An upload that failed (too large, refused) gives its grant back. */
  giveBack(grant: UploadGrant): void {
    this.used.delete(grant.jti);
  }
}

/**
 * A bucket size limit as supabase-js passes it: a number of bytes, or a string such as '1mb', '500KB',
 * '2 GB'. Decimal units, as Storage's parseFileSizeToBytes reads them ('20mb' is 20,000,000 bytes, '1kb'
 * 1,000), the number taken to three significant digits as it does.
 */
export function sizeLimitBytes(value: unknown): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
  if (typeof value === 'string') {
    const match = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?\s*$/i.exec(value);
    if (match) {
      const unit = { b: 1, kb: 1e3, mb: 1e6, gb: 1e9 }[(match[2] ?? 'b').toLowerCase() as 'b'];
      return Math.round(Number(Number(match[1]).toPrecision(3)) * unit);
    }
  }
  throw new HttpFailure(400, 'invalid_request', `Taille maximale invalide : « ${String(value)} » (attendu : un nombre d’octets ou un texte comme « 1mb », « 500kb »).`);
}
