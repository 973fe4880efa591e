import type { CustomerPage as Page } from '@tablee/domain/customer-page';
import { useEffect, useState } from 'react';
import { readCustomerPage } from '../api/customerPage';

/** How often, and how many times, the page is read again after Stripe's page, while its webhook has not arrived. */
const RECHECK_MS = 2000;
const RECHECKS = 15;

/**
 * Back from Stripe's Checkout page (?paiement=ok or ?paiement=annule). Stripe confirms a payment to the
 * service by its webhook, which may come a moment after the customer: until then the page is read again
 * every two seconds (thirty seconds at most), so that « Payée » shows without a reload.
 */
export function PaymentReturn({ token, page, onPage }: { token: string; page: Page; onPage: (page: Page) => void }) {
  const [outcome] = useState(() => (typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('paiement')));
  const waiting = outcome === 'ok' && page.online_payment !== null;
  useEffect(() => {
    if (!waiting) return;
    let left = RECHECKS;
    const timer = setInterval(() => {
      left -= 1;
      if (left <= 0) clearInterval(timer);
      void readCustomerPage(token).then((read) => {
        if (read.kind === 'page' && read.page.online_payment === null) {
          clearInterval(timer);
          onPage(read.page);
        }
      });
    }, RECHECK_MS);
    return () => clearInterval(timer);
  }, [waiting, token, onPage]);

  if (outcome === 'annule') {
    return (
      <p className="cp-notice" role="status">
        Paiement annulé : rien n’a été prélevé. Vous pouvez réessayer quand vous le souhaitez.
      </p>
    );
  }
  if (outcome !== 'ok') return null;
  return (
    <p className="cp-notice" role="status">
      {waiting ? 'Merci ! Stripe confirme votre paiement : cette page se met à jour dans un instant.' : 'Merci ! Votre paiement est bien enregistré.'}
    </p>
  );
}
