/**
 * @tablee/operations-data — the operations screens' data, bundled at build time by the shell and by
 * mfe-operations (never shared at run time: ARCHITECTURE.md, 'What is shared').
 */
export * from './constants';
export * from './keys';
export * from './reservation-counts';
export * from './reservation-changes';
export * from './reservations';
export * from './conversations';
export * from './planning';
export * from './screens';
export * from './cgv';
export * from './booking';
export * from './people';
export * from './reservation-guests';
export * from './received';
export * from './statistics';
export * from './dashboard-statistics';
export * from './customers';
