import type { Json } from './errors';

/** The pages a person sees (Stripe's Connect authorization page and its hosted checkout), small and in French. */

const escape = (value: unknown) =>
  String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const STYLE = `body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1a1f36}
h1{font-size:1.4rem}label{display:block;margin:1rem 0 .25rem}input{width:100%;padding:.5rem;font-size:1rem;box-sizing:border-box}
button{margin-top:1.25rem;padding:.6rem 1.2rem;font-size:1rem;background:#635bff;color:#fff;border:0;border-radius:4px;cursor:pointer}
button.secondary{background:#e3e8ee;color:#1a1f36;margin-left:.5rem}.total{font-size:1.2rem;font-weight:600}.error{color:#c0123c}
.note{color:#697386;font-size:.85rem;margin-top:2rem}ul{padding-left:1.2rem}`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="fr">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title><style>${STYLE}</style></head>
<body>
${body}
<p class="note">Page de test locale (local-stripe) : aucune opération n’a lieu chez Stripe.</p>
</body>
</html>
`;
}

export function euros(amount: number, currency: string): string {
  return new Intl.NumberFormat('fr-FR', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);
}

export interface AuthorizeRequest {
  client_id: string;
  state: string;
  redirect_uri: string;
  scope: string;
}

/** Connect's authorization page: the owner names the account it connects and allows (or refuses) the access. */
export function authorizePage(request: AuthorizeRequest): string {
  const hidden = (Object.keys(request) as (keyof AuthorizeRequest)[]).map((name) => `<input type="hidden" name="${name}" value="${escape(request[name])}">`).join('\n');
  return page(
    'Connecter votre compte Stripe à Tablée',
    `<h1>Connecter votre compte Stripe à Tablée</h1>
<p>Tablée demande l'accès à votre compte Stripe pour encaisser les acomptes des réservations de groupe de votre restaurant.</p>
<form method="post" action="/oauth/authorize">
${hidden}
<label for="business_name">Nom du compte</label>
<input id="business_name" name="business_name" value="Restaurant de test" required>
<label for="email">Adresse e-mail</label>
<input id="email" name="email" type="email" value="restaurant@example.com" required>
<button type="submit" name="decision" value="allow">Autoriser l'accès</button>
<button type="submit" name="decision" value="deny" class="secondary" formnovalidate>Refuser</button>
</form>`,
  );
}

export function errorPage(title: string, message: string): string {
  return page(title, `<h1>${escape(title)}</h1>\n<p class="error">${escape(message)}</p>`);
}

/** The hosted checkout page of a session: what is paid (or that a card is saved), a test card, the button. */
export function checkoutPage(session: Json, context: { merchant: string; lineItems: Json[]; error?: string; card?: string }): string {
  const setup = session.mode === 'setup';
  const title = setup ? `Enregistrer une carte — ${context.merchant}` : `Paiement — ${context.merchant}`;
  if (session.status === 'expired') return page(title, `<h1>${escape(context.merchant)}</h1>\n<p class="error">Cette session de paiement a expiré.</p>`);
  if (session.status === 'complete') {
    return page(title, `<h1>${escape(context.merchant)}</h1>\n<p>${setup ? 'Cette carte a déjà été enregistrée.' : 'Ce paiement a déjà été effectué.'}</p>`);
  }
  const currency = String(session.currency ?? 'eur');
  const items = context.lineItems
    .map((item) => {
      const product = (item.price as Json).product as Json;
      return `<li>${escape(product.name)}${product.description ? ` — ${escape(product.description)}` : ''} × ${escape(item.quantity)} : ${escape(euros(Number(item.amount_total), currency))}</li>`;
    })
    .join('\n');
  const summary = setup
    ? '<p>Enregistrez une carte : elle ne sera pas débitée maintenant.</p>'
    : `<ul>\n${items}\n</ul>\n<p class="total">Total : ${escape(euros(Number(session.amount_total), currency))}</p>`;
  const email = session.customer_email ?? 'client@example.com';
  return page(
    title,
    `<h1>${escape(context.merchant)}</h1>
${summary}
${context.error ? `<p class="error" role="alert">${escape(context.error)}</p>` : ''}
<form method="post" action="/c/pay/${escape(session.id)}">
<label for="email">E-mail</label>
<input id="email" name="email" type="email" value="${escape(email)}"${session.customer_email ? ' readonly' : ''} required>
<label for="card">Numéro de carte</label>
<input id="card" name="card" inputmode="numeric" autocomplete="cc-number" value="${escape(context.card ?? '4242 4242 4242 4242')}" required>
<button type="submit">${setup ? 'Enregistrer la carte' : 'Payer'}</button>
</form>
${session.cancel_url ? `<p><a href="${escape(session.cancel_url)}">Annuler et revenir au site</a></p>` : ''}
<p class="note">Cartes de test : 4242 4242 4242 4242 (acceptée), 4000 0027 6000 3184 (authentification exigée, refusée hors session).</p>`,
  );
}
