import { answerBy, ofName, ofNameParts } from '../../src/french';

test('« de » before a name: elided before a vowel, contracted with the name’s article', () => {
  expect(ofName('Le Petit Zinc')).toBe('du Petit Zinc');
  expect(ofName('La Table de Margaux')).toBe('de la Table de Margaux');
  expect(ofName('Les Halles')).toBe('des Halles');
  expect(ofName('L’Atelier')).toBe('de l’Atelier');
  expect(ofName("L'Ardoise")).toBe('de l’Ardoise');
  expect(ofName('Odette')).toBe('d’Odette');
  expect(ofName('Écume')).toBe('d’Écume');
  expect(ofName('Chez Paul')).toBe('de Chez Paul');
  expect(ofName('Hôtel du Nord')).toBe('de Hôtel du Nord');
  // A word that only starts like an article keeps its place.
  expect(ofName('Lenôtre')).toBe('de Lenôtre');
  expect(ofName('Laurel')).toBe('de Laurel');
  expect(ofNameParts(' Le Petit Zinc ')).toEqual({ of: 'du ', name: 'Petit Zinc' });
});

test('when the restaurant will answer, in France’s calendar: today, tomorrow, or a date', () => {
  const now = new Date('2026-11-30T08:00:00Z'); // 09:00 in Paris
  expect(answerBy('2026-11-30T13:00:00Z', now)).toBe('aujourd’hui avant 14:00');
  expect(answerBy('2026-12-01T12:15:00Z', now)).toBe('demain avant 13:15');
  expect(answerBy('2026-12-04T12:30:00Z', now)).toBe('d’ici le vendredi 4 décembre 2026 à 13:30');
  // 23:30 UTC is already the next day in Paris.
  expect(answerBy('2026-11-30T23:30:00Z', now)).toBe('demain avant 00:30');
});
