import { useAction } from '@tablee/action';
import type { CustomerPage as Page } from '@tablee/domain/customer-page';
import { formatDateTime } from '@tablee/shared/core';
import { useState } from 'react';
import { writeToRestaurant } from '../api/customerPage';

export const MESSAGE_MAX = 4000;

/** 'Écrire au restaurant': the conversation with the restaurant, and a word to it (the restaurant answers by e-mail and here). */
export function Messages({ token, page, onPage }: { token: string; page: Page; onPage: (page: Page) => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [sent, setSent] = useState('');
  const write = useAction(writeToRestaurant);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (write.isPending) return;
    if (!text.trim()) {
      setError('Écrivez votre message avant de l’envoyer.');
      return;
    }
    setError('');
    write.mutate(
      { token, text: text.trim() },
      {
        onSuccess: (outcome) => {
          if (outcome.kind === 'page') {
            onPage(outcome.page);
            setText('');
            setSent('Message envoyé au restaurant. Sa réponse vous parviendra par e-mail et sur cette page.');
          } else {
            // What was typed stays.
            setError(outcome.message);
          }
        },
      },
    );
  };

  return (
    <section className="cp-section" aria-labelledby="cp-messages-title">
      <h2 id="cp-messages-title">Écrire au restaurant</h2>
      {page.messages.length > 0 && (
        <ol className="cp-messages" aria-label="Vos échanges avec le restaurant">
          {page.messages.map((message, i) => (
            <li key={`${message.created_at}-${i}`} className="cp-message" data-role={message.role}>
              <p className="cp-message-author">
                {message.role === 'user' ? 'Vous' : `Restaurant${message.author_name ? ` — ${message.author_name}` : ''}`}
                {' · '}
                <time dateTime={message.created_at}>{formatDateTime(message.created_at)}</time>
              </p>
              <p>{message.text}</p>
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={submit} noValidate>
        <div className="cp-field">
          <label htmlFor="cp-message-text">Votre message</label>
          <textarea
            id="cp-message-text"
            rows={4}
            maxLength={MESSAGE_MAX}
            value={text}
            aria-invalid={error ? true : undefined}
            aria-describedby="cp-message-hint cp-message-error"
            onChange={(e) => {
              setText(e.target.value);
              setSent('');
              if (error) setError('');
            }}
          />
          <p className="cp-hint" id="cp-message-hint">
            {text.length} / {MESSAGE_MAX.toLocaleString('fr-FR')} caractères
          </p>
          <p id="cp-message-error" className="cp-error" role="alert">
            {error}
          </p>
        </div>
        <button type="submit" className="cp-button" disabled={write.isPending}>
          {write.isPending ? 'Envoi...' : 'Envoyer'}
        </button>
        <p className="cp-saved" role="status">
          {sent}
        </p>
      </form>
    </section>
  );
}
