export * from './cgv';
export * from './CgvForm';
