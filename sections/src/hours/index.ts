export * from './hours';
export * from './HoursForm';
export * from './slots';
