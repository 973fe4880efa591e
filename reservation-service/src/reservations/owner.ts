import type { FastifyRequest } from 'fastify';
import { isAuthRetryableFetchError } from '@supabase/supabase-js';
import type { Tables } from '@tablee/domain/database-types';
import type { Config } from '../config';
import { createCallerClient } from '../lib/supabase';
import { MESSAGES } from './outcomes';
import { databaseFailure } from '../lib/errors';
import type { Db } from '../lib/supabase';

/** No usable owner session: answered 401 with the French message by the app's error handler. */
export class UnauthorizedError extends Error {
  statusCode = 401;
  code = 'UNAUTHORIZED';
}

/** What the owner may know of one of their reservations (never its code_manage: RLS and column grants). */
export type OwnedReservation = Pick<Tables<'restaurant_reservations'>, 'id' | 'status' | 'numero_reservation_restaurateur'>;

/**
 * The signed-in owner behind `Authorization: Bearer <Supabase access token>`, as a client that runs as
 * them. The Auth server checks the token (signature, expiry, a user in it, its session not signed
 * out): the anon and service-role keys carry no user and are refused too.
 */
export async function authenticateOwner(request: FastifyRequest, config: Config, db: Db): Promise<Db & { ownerId: string }> {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match) throw new UnauthorizedError(MESSAGES.signInRequired);
  const { data, error } = await db.auth.getUser(match[1]);
  // The Auth server unreachable or its database away: try again (503); failing otherwise is our fault (500), not the caller's.
  if (error && (isAuthRetryableFetchError(error) || (error.status ?? 500) >= 500)) {
    throw databaseFailure('checking the access token', { error: { message: error.message, code: error.code }, status: isAuthRetryableFetchError(error) ? 0 : error.status });
  }
  if (error || !data.user) throw new UnauthorizedError(MESSAGES.sessionInvalid);
  // The owner's id rides along for the history of their decisions (reservation_events.actor_user_id).
  return Object.assign(createCallerClient(config, match[1]), { ownerId: data.user.id });
}

const owners = new WeakMap<FastifyRequest, Db & { ownerId: string }>();

/**
 * A route's preValidation hook: who asks comes first, before the contract reads the path and the
 * body, so that without a session nothing else is looked at (401).
 */
export function requireOwner(config: Config, db: Db) {
  return async (request: FastifyRequest) => {
    owners.set(request, await authenticateOwner(request, config, db));
  };
}

/** The signed-in owner that requireOwner found for this request. */
export function ownerOf(request: FastifyRequest): Db & { ownerId: string } {
  const owner = owners.get(request);
  if (!owner) throw new Error('ownerOf: the route has no requireOwner hook');
  return owner;
}

/**
 * The reservation by its number (and restaurant, when given), read as the caller: RLS ("Members read
 * their reservations") returns it only to a member (owner or manager) of its restaurant. Null otherwise: another owner
 * learns nothing, not even that it exists.
 */
export async function findOwnedReservation(owner: Db, numero: string, restaurantId?: string): Promise<OwnedReservation | null> {
  let query = owner.from('restaurant_reservations').select('id, status, numero_reservation_restaurateur').eq('numero_reservation', numero);
  if (restaurantId) query = query.eq('restaurant_id', restaurantId);
  const { data, error, status } = await query.maybeSingle();
  // The token expired between the check and this read.
  if (status === 401) throw new UnauthorizedError(MESSAGES.sessionInvalid);
  if (error) throw databaseFailure("reading the owner's reservation", { error, status });
  return data;
}
