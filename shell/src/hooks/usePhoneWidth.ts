import { useSyncExternalStore } from 'react';

/** A phone's width, 768 px and less: the layout keeps its chrome small there (restaurant menu in a drawer). */
const PHONE_QUERY = '(max-width: 768px)';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener?.('change', onChange);
  return () => query.removeEventListener?.('change', onChange);
};

export const usePhoneWidth = () =>
  useSyncExternalStore(
    subscribe,
    () => window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );
