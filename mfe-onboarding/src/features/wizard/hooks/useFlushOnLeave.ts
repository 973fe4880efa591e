import { useEffect, useRef, type RefObject } from 'react';
import { useBlocker } from 'react-router';

/** What the wizard can ask of the step on screen. */
export interface StepController {
  flush(): Promise<boolean>;
  hasUnsaved(): boolean;
  /** What is left unsaved is only fields the form refuses (the rest of the step is stored). */
  onlyRefused(): boolean;
}

/**
 * Nothing typed is lost when the owner leaves the wizard:
 * - a navigation inside the app to another page (the header's 'Quitter') waits for the save, and stays
 *   if it fails; when all that is left are fields the form refuses, `confirmLeave` asks the owner;
 * - hiding or leaving the page (tab switch, reload, close) starts the save at once, and a reload or
 *   close with something still unsaved asks the browser's "leave the page?" question meanwhile.
 */
export function useFlushOnLeave(controllerRef: RefObject<StepController | null>, confirmLeave: () => Promise<boolean>) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && (controllerRef.current?.hasUnsaved() ?? false));
  const handling = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || handling.current) return;
    handling.current = true;
    void (controllerRef.current?.flush() ?? Promise.resolve(true)).then(async (saved) => {
      // A refused field must not keep the owner in the wizard: the rest is stored, they choose.
      const leave = saved || ((controllerRef.current?.onlyRefused() ?? false) && (await confirmLeave()));
      handling.current = false;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
  }, [blocker, controllerRef, confirmLeave]);

  useEffect(() => {
    const flush = () => void controllerRef.current?.flush();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!controllerRef.current?.hasUnsaved()) return;
      flush();
      event.preventDefault();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [controllerRef]);
}
