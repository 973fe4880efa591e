export declare const sharedDependencies: Record<string, { singleton: true; requiredVersion: string }>;
export declare const modules: Record<
  'shell' | 'mfe-onboarding' | 'mfe-restaurant-profile' | 'mfe-operations' | 'mfe-public-links',
  { name: string; port: number }
>;
