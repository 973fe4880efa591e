import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ChatError, readStaffMessages, sendChatMessage, type Credentials } from '../api/chat';
import { CHAT_CSS } from './styles';

/** A line of the chat: the customer's, the assistant's, or the restaurant's staff's. */
interface Line {
  key: string;
  from: 'customer' | 'assistant' | 'staff';
  text: string;
}

/** How often an open chat asks what the restaurant's staff wrote. */
const STAFF_POLL_MS = 5_000;

interface Kept {
  conversation?: Credentials;
  lines: Line[];
  after?: string;
}

/** The conversation of this tab with the restaurant (a reload continues it; another tab starts its own). */
const storageKey = (restaurantId: string) => `tablee-chat:${restaurantId}`;

function kept(restaurantId: string): Kept {
  try {
    const raw = sessionStorage.getItem(storageKey(restaurantId));
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (parsed && typeof parsed === 'object' && Array.isArray((parsed as Kept).lines)) return parsed as Kept;
  } catch {
    /* unreadable: a new conversation */
  }
  return { lines: [] };
}

const LABELS: Record<Line['from'], string> = { customer: 'Vous', assistant: 'Assistant', staff: 'Restaurant' };

/**
 * The restaurant's assistant on its request page: the customer writes, the assistant answers (from the
 * owner's profile; it may send the request itself once the customer confirms), and once the restaurant
 * has taken over, its staff's replies appear here. Loaded only when opened (the page stays light).
 */
export function Chat({ restaurantId, restaurantName, onClose }: { restaurantId: string; restaurantName: string; onClose?: () => void }) {
  const [state, setState] = useState<Kept>(() => kept(restaurantId));
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');
  const log = useRef<HTMLOListElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    try {
      sessionStorage.setItem(storageKey(restaurantId), JSON.stringify(state));
    } catch {
      // Storage refused (a framed page whose browser blocks it): the conversation lasts as long as the page.
    }
    log.current?.lastElementChild?.scrollIntoView({ block: 'nearest' });
  }, [restaurantId, state]);
  useEffect(() => input.current?.focus(), []);

  // What the restaurant's staff wrote: asked while the chat is open and a conversation exists.
  const { conversation, after } = state;
  useEffect(() => {
    if (!conversation) return;
    const timer = setInterval(() => {
      readStaffMessages(restaurantId, conversation, after).then(
        (staff) => {
          if (!staff.messages.length) return;
          setState((s) => ({
            ...s,
            after: staff.messages[staff.messages.length - 1].created_at,
            lines: [...s.lines, ...staff.messages.filter((m) => !s.lines.some((l) => l.key === m.id)).map((m) => ({ key: m.id, from: 'staff' as const, text: m.text }))],
          }));
        },
        () => undefined,
      );
    }, STAFF_POLL_MS);
    return () => clearInterval(timer);
  }, [restaurantId, conversation, after]);

  const send = async (text: string) => {
    const said = text.trim();
    if (!said || sending) return;
    setSending(true);
    setError('');
    setSuggestions([]);
    const key = crypto.randomUUID();
    setState((s) => ({ ...s, lines: [...s.lines, { key, from: 'customer', text: said }] }));
    setDraft('');
    try {
      const answer = await sendChatMessage(restaurantId, state.conversation, said);
      setState((s) => ({
        ...s,
        conversation: s.conversation ?? (answer.conversation.token ? { id: answer.conversation.id, token: answer.conversation.token } : undefined),
        lines: [...s.lines, ...answer.replies.map((r, i) => ({ key: `${key}-${i}`, from: 'assistant' as const, text: r.text }))],
      }));
      setSuggestions(answer.suggestions);
    } catch (failure) {
      setError(failure instanceof ChatError ? failure.message : 'L’assistant ne répond pas pour le moment.');
      // The message was not taken: it goes back in the box.
      setState((s) => ({ ...s, lines: s.lines.filter((l) => l.key !== key) }));
      setDraft(said);
    } finally {
      setSending(false);
      input.current?.focus();
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send(draft);
  };

  return (
    <section className="ch-panel" aria-label="Discuter avec l’assistant">
      <style href="tablee-chat" precedence="default">
        {CHAT_CSS}
      </style>
      <header className="ch-head">
        <p className="ch-title">Assistant — {restaurantName}</p>
        {onClose && (
          <button type="button" className="ch-close" onClick={onClose} aria-label="Fermer la discussion">
            ×
          </button>
        )}
      </header>
      {/* Focusable: a long conversation scrolls, and the keyboard must be able to scroll it too. */}
      <ol className="ch-log" ref={log} aria-live="polite" aria-label="Messages" tabIndex={0}>
        {state.lines.length === 0 && <li className="ch-hint">Posez vos questions ou demandez une table pour votre groupe : l’assistant vous répond tout de suite.</li>}
        {state.lines.map((line) => (
          <li key={line.key} className={`ch-line ch-${line.from}`}>
            <span className="ch-who">{LABELS[line.from]}</span>
            <span className="ch-text">{line.text}</span>
          </li>
        ))}
        {sending && (
          <li className="ch-line ch-assistant" role="status">
            <span className="ch-text">…</span>
          </li>
        )}
      </ol>
      {suggestions.length > 0 && (
        <div className="ch-suggestions">
          {suggestions.map((s) => (
            <button key={s} type="button" onClick={() => void send(s)} disabled={sending}>
              {s}
            </button>
          ))}
        </div>
      )}
      {error && (
        <p className="ch-error" role="alert">
          {error}
        </p>
      )}
      <form className="ch-form" onSubmit={submit}>
        <label htmlFor="ch-input" className="rq-sr">
          Votre message
        </label>
        <textarea
          id="ch-input"
          ref={input}
          rows={2}
          maxLength={4000}
          value={draft}
          placeholder="Votre message"
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) submit(e);
          }}
        />
        <button type="submit" disabled={sending || !draft.trim()}>
          Envoyer
        </button>
      </form>
    </section>
  );
}
