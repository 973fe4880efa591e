import { post, readRow, sendQueued, serviceWithSmtp, submitRequest, writeReservation } from '../helpers';

/**
 * The customer e-mail field must be exactly one plain address. Anything else
 * (a list, a display name with another address, header tricks) sends nothing to anyone; the owner's
 * decision still stands and the answer says that the customer was not told.
 */
const running = serviceWithSmtp();

const NOT_SENT = 'L’adresse email du client n’est pas une adresse unique valide : aucun email n’a été envoyé ; contactez-le directement.';

test.each([
  ['two addresses separated by a comma', 'a@client.fr, b@x.fr'],
  ['two addresses separated by a semicolon', 'a@client.fr; b@x.fr'],
  ['a quoted name hiding another address', '"a@client.fr" <b@x.fr>'],
  ['a name and an address in angle brackets', 'Client <a@client.fr>'],
  ['a group', 'clients: a@client.fr, b@x.fr;'],
  ['a header injection', 'a@client.fr\r\nBcc: b@x.fr'],
  ['a comment', 'a@client.fr (b@x.fr)'],
  ['no domain', 'a@'],
])('%s: decided, nothing sent, the answer says so', async (_name, email) => {
  // An e-mail field that is not one plain address: submit_group_request refuses it (invalid_email).
  const r = await writeReservation({ email });
  const res = await post(`${running.service.url}/api/reservations/${r.numero}/accept/${r.code}`);
  expect(res.status).toBe(200);
  const body = await res.json();
  expect(body).toMatchObject({ success: true, status: 1, numero_reservation_restaurateur: r.restaurateur, email_queued: false });
  expect(body.message).toBe(`Réservation acceptée. ${NOT_SENT}`);
  // The database's rule, which the app reads to tell the owner before the decision.
  expect(await readRow(r.numero)).toMatchObject({ status: 1, is_accepted: true, email_address: null });
  await sendQueued(running.service);
  expect(running.smtp.messages).toEqual([]);
});

test('one plain address (surrounding spaces ignored) gets exactly one message, to that address only', async () => {
  const r = await submitRequest();
  // The field stored with spaces around the address: submit_group_request trims it.
  const padded = await writeReservation({ email: `  ${r.email.replace('client-', 'autre-')} ` });
  for (const x of [r, padded]) {
    const res = await post(`${running.service.url}/api/reservations/${x.numero}/reject/${x.code}`);
    expect(await res.json()).toMatchObject({ success: true, email_queued: true });
  }
  await sendQueued(running.service);
  // Sent side by side: in either order.
  expect(running.smtp.messages.map((m) => m.to).sort()).toEqual([[r.email], [padded.email.trim()]].sort());
  expect(await readRow(padded.numero)).toMatchObject({ email_address: padded.email.trim() });
});
