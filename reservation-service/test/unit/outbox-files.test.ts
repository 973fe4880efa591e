import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deleteOutboxFiles } from '../../src/privacy/outbox-files';

/** Whose files leave the outbox folder: by the reservation number in the name, or by the recipient in the content, as a whole word. */
test('deletes the files named after a reservation or naming a recipient, and no other', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tablee-outbox-files-'));
  const files: Record<string, string> = {
    '2026-12-05T06-56-58-227Z-TBL-AAAA1111-nouvelle-demande-302c1c.eml': 'To: contact@exemple.fr\n\nUne demande.',
    '2026-12-05T06-56-58-228Z-TBL-AAAA11112-demande-recue-68fbcd.eml': 'To: autre@exemple.fr\n\nUne autre réservation, au numéro plus long.',
    '2026-12-05T06-56-58-229Z-reponse-1-825838.json': '{ "to": "+33611111111" }',
    '2026-12-05T06-56-58-230Z-reponse-2-825839.json': '{ "to": "+336111111112" }',
    '2026-12-05T06-56-58-231Z-TBL-BBBB2222-acceptee-aaaaaa.eml': 'To: =?UTF-8?Q?Jean?= <jean.dupo=\nnt@exemple.fr>\n\nAcceptée.',
    '2026-12-05T06-56-58-232Z-TBL-CCCC3333-acceptee-bbbbbb.eml': 'To: marie.jean.dupont@exemple.fr\n\nAcceptée.',
    '2026-12-05T06-56-58-233Z-TBL-DDDD4444-acceptee-cccccc.eml': 'To: jean.dupont@exemple.fr.com\n\nAcceptée.',
    'notes.txt': 'jean.dupont@exemple.fr',
  };
  for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), content);

  const result = await deleteOutboxFiles(dir, { reservationNumbers: ['TBL-AAAA1111', ''], recipients: ['Jean.Dupont@exemple.fr', '33611111111', '', '+3'] });
  expect(result).toEqual({ deleted: 3, failed: [] });
  expect(fs.readdirSync(dir).sort()).toEqual(
    [
      '2026-12-05T06-56-58-228Z-TBL-AAAA11112-demande-recue-68fbcd.eml',
      '2026-12-05T06-56-58-230Z-reponse-2-825839.json',
      '2026-12-05T06-56-58-232Z-TBL-CCCC3333-acceptee-bbbbbb.eml',
      '2026-12-05T06-56-58-233Z-TBL-DDDD4444-acceptee-cccccc.eml',
      'notes.txt',
    ].sort(),
  );
  // Nothing asked, or no folder: nothing done.
  expect(await deleteOutboxFiles(dir, { reservationNumbers: [], recipients: ['a'] })).toEqual({ deleted: 0, failed: [] });
  expect(await deleteOutboxFiles(path.join(dir, 'absent'), { reservationNumbers: ['TBL-X'], recipients: [] })).toEqual({ deleted: 0, failed: [] });
});

/** An old conversation deleted by retention: its WhatsApp replies by their message ids, whoever they went to. */
test('deletes the replies of the messages given by their id, and no other reply', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tablee-outbox-replies-'));
  const names = [
    '2026-12-05T06-56-58-229Z-reponse-0d9c1f5e-1111-4000-8000-000000000001-825838.json',
    '2026-12-05T06-56-58-230Z-reponse-0d9c1f5e-1111-4000-8000-000000000002-825839.json',
    '2026-12-05T06-56-58-231Z-reponse-0d9c1f5e-1111-4000-8000-0000000000012-825840.json',
  ];
  for (const name of names) fs.writeFileSync(path.join(dir, name), '{ "to": "+33611111111" }');
  const result = await deleteOutboxFiles(dir, { reservationNumbers: [], recipients: [], messageIds: ['0d9c1f5e-1111-4000-8000-000000000001', ''] });
  expect(result).toEqual({ deleted: 1, failed: [] });
  expect(fs.readdirSync(dir).sort()).toEqual([names[1], names[2]].sort());
});
