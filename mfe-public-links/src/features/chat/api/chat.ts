// Types only: the contract's zod schemas stay out of this light page's bundle.
import type { ChatAnswer, ChatMessage, StaffMessages } from '@tablee/contract';

/**
 * The assistant service's web chat (assistant/, README "The assistant"). Its address is in /config.json
 * (`assistantApiUrl`, written by the launcher or the deployment), read here when the chat first opens:
 * the kernel's configuration carries what every page needs, this is the request page's alone.
 */
let assistantApi: Promise<string> | undefined;

function assistantApiUrl(): Promise<string> {
  assistantApi ??= fetch('/config.json', { cache: 'no-store' })
    .then((response): Promise<{ assistantApiUrl?: unknown }> | { assistantApiUrl?: unknown } => (response.ok ? response.json() : {}))
    .then((config) => (typeof config.assistantApiUrl === 'string' ? config.assistantApiUrl.replace(/\/+$/, '') : ''))
    .catch(() => '');
  return assistantApi;
}

export interface Credentials {
  id: string;
  token: string;
}

/** What the customer reads when the chat cannot answer: a refusal's own message, else the connection. */
export class ChatError extends Error {}

const UNREACHABLE = 'L’assistant ne répond pas pour le moment. Vérifiez votre connexion, ou utilisez le formulaire.';

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  const base = await assistantApiUrl();
  if (!base) throw new ChatError(UNREACHABLE);
  let response: Response;
  try {
    response = await fetch(`${base}/${path}`, init);
  } catch {
    throw new ChatError(UNREACHABLE);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const said = body && typeof body === 'object' ? ((body as { message?: unknown; msg?: unknown }).message ?? (body as { msg?: unknown }).msg) : undefined;
    throw new ChatError(typeof said === 'string' ? said : UNREACHABLE);
  }
  return body as T;
}

/** POST …/chat/{restaurantId}/messages: the customer's message, the assistant's replies. */
export function sendChatMessage(restaurantId: string, conversation: Credentials | undefined, text: string): Promise<ChatAnswer> {
  const message: ChatMessage = { ...(conversation ? { conversation } : {}), text };
  return call(`chat/${encodeURIComponent(restaurantId)}/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(message) });
}

/** GET …/messages: what the restaurant's staff wrote since `after`. */
export function readStaffMessages(restaurantId: string, conversation: Credentials, after: string | undefined): Promise<StaffMessages> {
  const query = new URLSearchParams({ conversation: conversation.id, token: conversation.token, ...(after ? { after } : {}) });
  return call(`chat/${encodeURIComponent(restaurantId)}/messages?${query.toString()}`);
}
