export * from './billing';
export * from './BillingForm';
