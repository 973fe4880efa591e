import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import jwt from 'jsonwebtoken';

export interface StackKeys {
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  /** Password of the `authenticator` role PostgREST logs in with. */
  authenticatorPassword: string;
}

const TEN_YEARS = 10 * 365 * 24 * 3600;

function apiKey(role: 'anon' | 'service_role', secret: string): string {
  return jwt.sign({ iss: 'supabase', role }, secret, { algorithm: 'HS256', expiresIn: TEN_YEARS });
}

/** Keys are generated on first start and kept in the data directory, so clients keep working across restarts. */
export function loadOrCreateKeys(dataDir: string): StackKeys {
  const file = path.join(dataDir, 'keys.json');
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as StackKeys;
  const jwtSecret = randomBytes(32).toString('hex');
  const keys: StackKeys = {
    jwtSecret,
    anonKey: apiKey('anon', jwtSecret),
    serviceRoleKey: apiKey('service_role', jwtSecret),
    authenticatorPassword: randomBytes(18).toString('hex'),
  };
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(keys, null, 2), { mode: 0o600 });
  return keys;
}
