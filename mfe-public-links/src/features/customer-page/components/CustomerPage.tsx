import type { CustomerPage as Page } from '@tablee/domain/customer-page';
import { useEffect, useRef, useState } from 'react';
import { useCustomerPage } from '../api/customerPage';
import { deadlinePassedSentence, isActive } from '../lib/words';
import { CancelSection } from './CancelSection';
import { ChangeForm } from './ChangeForm';
import { Details, PrivacySection, RestaurantSection, StatusLine, TermsSection } from './Details';
import { GuestChoices } from './GuestChoices';
import { Messages } from './Messages';
import { PaymentReturn } from './PaymentReturn';
import { CUSTOMER_PAGE_CSS } from './styles';

/**
 * /ma-reservation/{token}: the customer's own page (no sign-in; the token is the key). Light like the
 * request page: React, the kernel's core and this module; its data is public.customer_reservation,
 * its writes the customer_* functions, each answering the page as changed.
 */
export function CustomerPage({ token }: { token: string }) {
  const [attempt, setAttempt] = useState(0);
  const state = useCustomerPage(token, attempt);
  // The page as the last write (or re-read) answered it; the first read until then.
  const [changed, setChanged] = useState<Page>();

  let body;
  if (state.kind === 'loading') {
    body = (
      <p className="cp-notice" role="status">
        Chargement...
      </p>
    );
  } else if (state.kind === 'not_found') {
    body = (
      <>
        <h1>Votre réservation</h1>
        <p className="cp-notice" role="alert">
          {state.message}
        </p>
      </>
    );
  } else if (state.kind !== 'page') {
    body = (
      <div className="cp-notice" role="alert">
        <p>La page n’a pas pu être chargée. Vérifiez votre connexion.</p>
        <button
          type="button"
          className="cp-secondary"
          onClick={() => {
            setChanged(undefined);
            setAttempt((n) => n + 1);
          }}
        >
          Réessayer
        </button>
      </div>
    );
  } else {
    body = <PageView token={token} page={changed ?? state.page} onPage={setChanged} />;
  }
  return (
    <main className="cp-page" lang="fr">
      {/* React 19 hoists this into <head>, once. */}
      <style href="tablee-customer-page" precedence="default">
        {CUSTOMER_PAGE_CSS}
      </style>
      {body}
      <p className="cp-footer">Réservation transmise par Tablée</p>
    </main>
  );
}

function PageView({ token, page, onPage }: { token: string; page: Page; onPage: (page: Page) => void }) {
  const active = isActive(page);
  // A status changed on the page (the customer cancelled): their screen reader starts again from it.
  const status = useRef<HTMLElement>(null);
  const shown = useRef(page.status);
  useEffect(() => {
    if (shown.current === page.status) return;
    shown.current = page.status;
    status.current?.focus();
  }, [page.status]);
  const choiceMenu = page.menu?.type === 'choice' && page.menu.courses.some((course) => course.dishes.length > 0) ? page.menu : null;
  return (
    <>
      <header>
        <h1>Votre réservation chez {page.restaurant.name}</h1>
        <p className="cp-muted">
          Code de réservation : <strong>{page.numero}</strong>
        </p>
        <StatusLine page={page} focusRef={status} />
      </header>
      <PaymentReturn token={token} page={page} onPage={onPage} />
      <Details page={page} token={token} />
      <RestaurantSection page={page} />
      {active && <TermsSection page={page} />}
      {active && page.can_change && <ChangeForm token={token} page={page} onPage={onPage} />}
      {active && !page.can_change && (
        <section className="cp-section" aria-labelledby="cp-change-title">
          <h2 id="cp-change-title">Modifier la réservation</h2>
          <p>{deadlinePassedSentence(page)}</p>
        </section>
      )}
      {active && page.can_change && choiceMenu && <GuestChoices token={token} page={page} courses={choiceMenu.courses} onPage={onPage} />}
      {page.can_cancel && <CancelSection token={token} page={page} onPage={onPage} />}
      <Messages token={token} page={page} onPage={onPage} />
      <PrivacySection page={page} />
    </>
  );
}
