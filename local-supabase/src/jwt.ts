import jwt from 'jsonwebtoken';

export interface Claims {
  sub?: string;
  role: string;
  email?: string;
  session_id?: string;
  [key: string]: unknown;
}

/** Reads `Authorization: Bearer <jwt>` (or the `apikey` header) and verifies it with the stack's secret. */
export function bearerClaims(headers: Record<string, string | string[] | undefined>, secret: string): Claims | null {
  const auth = headers.authorization;
  const token = typeof auth === 'string' && /^bearer /i.test(auth) ? auth.slice(7).trim() : typeof headers.apikey === 'string' ? headers.apikey : '';
  if (!token) return null;
  try {
    const claims = jwt.verify(token, secret, { algorithms: ['HS256'] });
    return typeof claims === 'object' && typeof claims.role === 'string' ? (claims as Claims) : null;
  } catch {
    return null;
  }
}
