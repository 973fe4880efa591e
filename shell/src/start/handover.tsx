/**
 * How a light start (start/auth.tsx, start/dashboard.tsx) gives the page to the full application: its
 * code asked once (ahead, on the owner's intent, or when needed), then the light router let go and the
 * full application started in the same page, with the same session and kernel; its router reads the
 * address anew. One light start runs per page, so one handover.
 */
import { useEffect } from 'react';
import { LightLoading } from './LightStates';

let application: Promise<typeof import('../bootstrap')> | null = null;
export const loadApplication = () => (application ??= import('../bootstrap'));

let opened = false;
/** The full application takes over from the light start, and its router if it has one (once, whoever asks first). */
export function openApplication(lightRouter?: { dispose(): void }) {
  if (opened) return;
  opened = true;
  void loadApplication().then(({ startApp }) => {
    lightRouter?.dispose();
    return startApp();
  });
}

/** The light router's route for any other address: the full application replaces it. */
export function OpenApplication({ lightRouter }: { lightRouter: () => { dispose(): void } }) {
  useEffect(() => openApplication(lightRouter()), [lightRouter]);
  return <LightLoading />;
}
