export * from './information';
export * from './InformationForm';
