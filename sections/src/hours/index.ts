export * from './hours';
export * from './HoursForm';
