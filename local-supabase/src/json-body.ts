import type { FastifyInstance } from 'fastify';

/** Like Fastify's JSON parser, but an empty body reads as `{}`: supabase-js sends `content-type: application/json` with no body (logout). */
export function lenientJson(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    if (!body || !String(body).trim()) return done(null, {});
    try {
      done(null, JSON.parse(String(body)));
    } catch {
      done(Object.assign(new Error('Invalid JSON body'), { statusCode: 400 }), undefined);
    }
  });
}
