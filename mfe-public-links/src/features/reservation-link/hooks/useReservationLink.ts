import { useEffect, useState } from 'react';
import { callReservationLink, type LinkAction, type LinkOutcome } from '../api/callReservationLink';

/**
 * One call per link and page load: React's strict mode mounts effects twice in development, and a
 * second POST would answer 'already handled' for a reservation this very page just accepted. The
 * promise is kept per link for the life of the page (a reload calls again, as it should).
 */
const calls = new Map<string, Promise<LinkOutcome>>();

export function callOnce(action: LinkAction, numero: string, codeManage: string): Promise<LinkOutcome> {
  const key = `${action}/${numero}/${codeManage}`;
  let call = calls.get(key);
  if (!call) {
    call = callReservationLink(action, numero, codeManage);
    calls.set(key, call);
  }
  return call;
}

export type LinkState = { kind: 'loading' } | { kind: 'missing-parameters' } | LinkOutcome;

export function useReservationLink(action: LinkAction, numero: string | undefined, codeManage: string | undefined): LinkState {
  const [state, setState] = useState<LinkState>(numero && codeManage ? { kind: 'loading' } : { kind: 'missing-parameters' });
  useEffect(() => {
    if (!numero || !codeManage) {
      setState({ kind: 'missing-parameters' });
      return;
    }
    let live = true;
    setState({ kind: 'loading' });
    void callOnce(action, numero, codeManage).then((outcome) => live && setState(outcome));
    return () => {
      live = false;
    };
  }, [action, numero, codeManage]);
  return state;
}
