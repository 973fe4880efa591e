import { formatEuros } from '@tablee/shared/format';
import { ADVANCE_WORDS, aDepositText, depositNature, depositText, PAYMENT_WORDS, sumWords, yourDepositText, type Deposit } from '../../src/deposit';

/** A deposit's words: the CGV's nature of money taken in advance (arrhes unless they say acompte), agreed in French. */
const share: Deposit = { method: 'acompte', amount: 158.4, percentage: 30 };
const acompte: Deposit = { ...share, nature: 'acompte' };
const imprint: Deposit = { method: 'empreinte', amount: 150 };

test('money taken in advance without a nature is arrhes (the law’s presumption); a card imprint has none', () => {
  expect(depositNature(share)).toBe('arrhes');
  expect(depositNature({ ...share, nature: 'arrhes' })).toBe('arrhes');
  expect(depositNature(acompte)).toBe('acompte');
  expect(depositNature(imprint)).toBeNull();
  expect(depositNature(null)).toBeNull();
});

test('depositText names the nature: « arrhes de 30 % du total, soit … », « acompte de … », « empreinte bancaire de … »', () => {
  expect(depositText(share)).toBe(`arrhes de 30 % du total, soit ${formatEuros(158.4)}`);
  expect(depositText({ method: 'acompte', amount: 150, nature: 'acompte' })).toBe(`acompte de ${formatEuros(150)}`);
  expect(depositText(imprint)).toBe(`empreinte bancaire de ${formatEuros(150)}`);
});

test('with an article or a possessive: « des arrhes », « un acompte », « une empreinte », « vos arrhes », « votre acompte »', () => {
  expect(aDepositText(share)).toBe(`des arrhes de 30 % du total, soit ${formatEuros(158.4)}`);
  expect(aDepositText(acompte)).toBe(`un acompte de 30 % du total, soit ${formatEuros(158.4)}`);
  expect(aDepositText(imprint)).toBe(`une empreinte bancaire de ${formatEuros(150)}`);
  expect(yourDepositText(share)).toMatch(/^vos arrhes de /);
  expect(yourDepositText(acompte)).toMatch(/^votre acompte de /);
});

test('agreement: arrhes are feminine plural, an acompte and a payment masculine singular', () => {
  const { arrhes, acompte: a } = ADVANCE_WORDS;
  expect([arrhes.agree('reçu'), arrhes.agree('demandé'), arrhes.agree('acquis'), arrhes.willBe, arrhes.the, arrhes.your]).toEqual([
    'reçues',
    'demandées',
    'acquises',
    'seront',
    'les arrhes',
    'vos arrhes',
  ]);
  expect([a.agree('reçu'), a.agree('demandé'), a.agree('acquis'), a.willBe, a.the, a.your]).toEqual(['reçu', 'demandé', 'acquis', 'sera', 'l’acompte', 'votre acompte']);
  expect(sumWords(imprint)).toBe(PAYMENT_WORDS);
  expect(sumWords(null).agree('reçu')).toBe('reçu');
  expect(sumWords(share)).toBe(arrhes);
});
