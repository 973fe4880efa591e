import { useEffect, useRef, type RefObject } from 'react';
import { useBlocker } from 'react-router';

/** What the wizard can ask of the step on screen. */
export interface StepController {
  flush(): Promise<boolean>;
  hasUnsaved(): boolean;
}

/**
 * Nothing typed is lost when the owner leaves the wizard:
 * - a navigation inside the app to another page waits for the save (and stays if it fails);
 * - hiding or leaving the page (tab switch, reload, close) starts the save at once, and a reload or
 *   close with something still unsaved asks the browser's "leave the page?" question meanwhile.
 */
export function useFlushOnLeave(controllerRef: RefObject<StepController | null>) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && (controllerRef.current?.hasUnsaved() ?? false));
  const handling = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || handling.current) return;
    handling.current = true;
    void (controllerRef.current?.flush() ?? Promise.resolve(true)).then((saved) => {
      handling.current = false;
      if (saved) blocker.proceed();
      else blocker.reset();
    });
  }, [blocker, controllerRef]);

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
