/**
 * Request URLs as they may appear in logs: a code_manage is a password, so the path segment after
 * accept/reject and the `code` query parameter are replaced.
 */
export function redactUrl(url: string): string {
  const [pathPart, query] = url.split('?', 2);
  const path = pathPart.replace(/\/(accept|reject)\/[^/]+/g, '/$1/[code]');
  if (query === undefined) return path;
  const params = new URLSearchParams(query);
  for (const key of [...params.keys()]) if (key.toLowerCase() === 'code') params.set(key, '[code]');
  return `${path}?${params.toString().replace(/%5Bcode%5D/g, '[code]')}`;
}
