import { DatabaseError } from 'pg';
import { databaseUnavailable } from '../../src/database-unavailable';

const sqlError = (code: string) => Object.assign(new DatabaseError('refusé', 0, 'error'), { code });
const systemError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });

describe('databaseUnavailable: PostgreSQL cannot be reached, which auth and storage answer 503', () => {
  it.each([
    ['57P01 admin_shutdown (terminated)', sqlError('57P01')],
    ['57P02 crash_shutdown', sqlError('57P02')],
    ['57P03 cannot_connect_now (starting up, recovering)', sqlError('57P03')],
    ['08006 connection_failure', sqlError('08006')],
    ['08001 cannot establish a connection', sqlError('08001')],
    ['connection refused', systemError('ECONNREFUSED')],
    ['connection reset', systemError('ECONNRESET')],
    ['pg: connection terminated', new Error('Connection terminated unexpectedly')],
    ['every address refused', new AggregateError([systemError('ECONNREFUSED'), systemError('ECONNREFUSED')])],
  ])('%s', (_label, err) => expect(databaseUnavailable(err)).toBe(true));

  it.each([
    ['a refusal by row-level security', sqlError('42501')],
    ['a unique violation', sqlError('23505')],
    ['a bug of ours', new TypeError('x is undefined')],
    ['not an error', 'Connection terminated'],
  ])('not for %s', (_label, err) => expect(databaseUnavailable(err)).toBe(false));
});
