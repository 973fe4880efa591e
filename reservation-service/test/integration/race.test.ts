import { parseMail, post, readRow, sendQueued, serviceWithSmtp, submitRequest } from '../helpers';

/** Simultaneous accept and reject clicks: the SQL function's row lock lets exactly one win. */
const running = serviceWithSmtp();

test('20 concurrent accept/reject pairs: one transition and exactly one e-mail per reservation', async () => {
  const reservations = await Promise.all(Array.from({ length: 20 }, () => submitRequest()));
  const results = await Promise.all(
    reservations.flatMap((r) =>
      (['accept', 'reject'] as const).map(async (action) => {
        const res = await post(`${running.service.url}/api/reservations/${r.numero}/${action}/${r.code}`);
        return { r, action, status: res.status, body: await res.json() };
      }),
    ),
  );
  await sendQueued(running.service);

  for (const r of reservations) {
    const mine = results.filter((x) => x.r === r);
    const winners = mine.filter((x) => x.status === 200);
    const losers = mine.filter((x) => x.status === 409);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(1);
    const target = winners[0].action === 'accept' ? 1 : 2;
    expect(winners[0].body).toMatchObject({ success: true, status: target });
    expect(losers[0].body).toMatchObject({ success: false, status: target });
    expect(await readRow(r.numero)).toMatchObject({ status: target, is_accepted: target === 1 });

    const mails = running.smtp.messages.filter((m) => m.to.includes(r.email));
    expect(mails).toHaveLength(1);
    expect(parseMail(mails[0].raw).subject).toContain(target === 1 ? 'est acceptée' : 'n’a pas pu être acceptée');
  }
  // One decision e-mail per reservation (the requests' own messages are not sent once answered).
  expect(running.smtp.messages).toHaveLength(20);
});
