import { privacyContact, privacyNotice, privacyNoticeShort, privacyNoticeText } from '../../src/privacy-notice';

describe('the privacy notice', () => {
  it('names the restaurant as controller with its contact, what is kept, why, how long, the rights and the CNIL', () => {
    expect(privacyNoticeText({ restaurantName: 'Le Petit Zinc', contactEmail: 'contact@zinc.fr', contactPhone: '+33478000000', retentionMonths: 24 })).toBe(
      [
        'Vos données personnelles',
        'Responsable du traitement : Le restaurant Le Petit Zinc, joignable à contact@zinc.fr ou 04 78 00 00 00.',
        'Données conservées : votre nom, vos coordonnées (e-mail, téléphone), les détails de votre demande (date, heure, nombre de personnes, menu, options), les allergies et régimes alimentaires que vous indiquez, et vos échanges avec le restaurant.',
        'Finalité : traiter votre demande de réservation de groupe et l’organiser avec vous. Les allergies et régimes que vous choisissez d’indiquer servent uniquement à adapter votre repas.',
        'Durée de conservation : 24 mois (2 ans) après votre dernière réservation ou votre dernier contact ; une conversation sans demande de réservation est effacée 12 mois après son dernier message.',
        'Vos droits : accès, rectification, effacement et portabilité de vos données : demandez-les en écrivant au restaurant (contact@zinc.fr ou 04 78 00 00 00). Vous pouvez aussi adresser une réclamation à la CNIL (www.cnil.fr).',
      ].join('\n'),
    );
  });

  it('keeps 36 months when the retention is unknown or out of the law’s reference, and says months that are not whole years as such', () => {
    const retention = (retentionMonths: number | null | undefined) => privacyNotice({ restaurantName: 'A', retentionMonths }).items.find((i) => i.label === 'Durée de conservation')!.text;
    for (const months of [undefined, null, 0, 37, 1.5]) expect(retention(months)).toMatch(/^36 mois \(3 ans\) après/);
    expect(retention(12)).toMatch(/^12 mois \(1 an\) après/);
    expect(retention(18)).toMatch(/^18 mois après/);
  });

  it('without a contact, sends the customer to the restaurant; a foreign phone stays as stored; a restaurant without a name is « le restaurant »', () => {
    expect(privacyContact({ contactEmail: ' ', contactPhone: null })).toBeNull();
    expect(privacyContact({ contactEmail: null, contactPhone: '+442079460958' })).toBe('+442079460958');
    const notice = privacyNoticeText({ restaurantName: '  ', contactEmail: null, contactPhone: null });
    expect(notice).toContain('Responsable du traitement : Le restaurant.');
    expect(notice).toContain('demandez-les en vous adressant au restaurant.');
  });

  it('has one sentence for the assistant’s first message', () => {
    expect(privacyNoticeShort({ restaurantName: 'Le Petit Zinc', contactEmail: 'contact@zinc.fr', contactPhone: null, retentionMonths: 36 })).toBe(
      'Vos données (coordonnées, demande et besoins alimentaires, cette conversation) sont conservées par le restaurant Le Petit Zinc pour traiter votre réservation, 36 mois (3 ans) après votre dernier contact ; pour y accéder, les rectifier ou les effacer : contact@zinc.fr.',
    );
  });
});
