/** Hand-written declarations of the remote modules (dts: false, no type download at build). */
declare module 'mfe_onboarding/routes' {
  const Routes: import('react').ComponentType;
  export default Routes;
}
declare module 'mfe_restaurant_profile/routes' {
  const Routes: import('react').ComponentType;
  export default Routes;
}
declare module 'mfe_operations/routes' {
  const Routes: import('react').ComponentType;
  export default Routes;
}
declare module 'mfe_public_links/routes' {
  const Routes: import('react').ComponentType;
  export default Routes;
}
