import { understand } from '../../src/engine/understand';
import { isAbout, topicWords } from '../../src/engine/topic';
import type { MenuChoice, Slot, Understood } from '../../src/engine/understanding';

/** Saturday 28 November 2026: every relative date below counts from it. */
const TODAY = '2026-11-28';

const MENUS: MenuChoice[] = [
  { id: 'decouverte', name: 'Menu Découverte' },
  { id: 'terroir', name: 'Menu du Terroir' },
  { id: 'enfant', name: 'Menu Enfant' },
];

const read = (text: string, expecting?: Slot, menus: MenuChoice[] = MENUS, listed?: MenuChoice[]): Understood => understand(text, { today: TODAY, expecting, menus, listed });

describe('understand', () => {
  describe('times and services', () => {
    it.each([
      ['20h', '20:00'],
      ['20h30', '20:30'],
      ['20 h 30', '20:30'],
      ['vers 19 heures', '19:00'],
      ['19:45', '19:45'],
      ['à 12h', '12:00'],
      ['à midi', '12:00'],
      ['midi et demi', '12:30'],
      ['vers 20h et quart', '20:15'],
      ['vingt heures', '20:00'],
      ['8h du soir', '20:00'],
    ])('reads %p as %p', (text, time) => {
      expect(read(text).time).toBe(time);
    });

    it.each([
      ['pour le déjeuner', 'lunch'],
      ['pour le dejeuner', 'lunch'],
      ['le midi', 'lunch'],
      ['ce midi', 'lunch'],
      ['pour un dîner', 'dinner'],
      ['diner', 'dinner'],
      ['le soir', 'dinner'],
      ['ce soir', 'dinner'],
      ['demain soir', 'dinner'],
      ['pas ce midi mais ce soir', 'dinner'],
    ])('reads %p as the %p service', (text, service) => {
      expect(read(text).service).toBe(service);
    });

    it('gives the service a time implies when no word says it', () => {
      expect(read('à 12h30')).toEqual({ time: '12:30', service: 'lunch' });
      expect(read('vers 19h')).toEqual({ time: '19:00', service: 'dinner' });
      expect(read('à 15h59').service).toBe('lunch');
      expect(read('à 16h').service).toBe('dinner');
    });

    it('keeps the service said over the one a time implies', () => {
      expect(read('pour le dîner à 15h')).toEqual({ time: '15:00', service: 'dinner' });
    });

    it('reads ce midi and the lunch word as the service, not as a time', () => {
      expect(read('ce midi').time).toBeUndefined();
      expect(read('dimanche midi')).toEqual({ date: '2026-11-29', service: 'lunch' });
    });

    it('reads neither bonsoir, bonne soirée nor the afternoon as a service', () => {
      expect(read('Bonsoir').service).toBeUndefined();
      expect(read('merci, bonne soirée').service).toBeUndefined();
      expect(read("dans l'après-midi").service).toBeUndefined();
    });

    it('reads a bare hour as the time when asked for one', () => {
      expect(read('20', 'time').time).toBe('20:00');
      expect(read('midi', 'time').time).toBe('12:00');
      expect(read('20').time).toBeUndefined();
    });
  });

  describe('group size', () => {
    it.each<[string, Understood]>([
      ['12 personnes', { adults: 12 }],
      ['nous serons 12', { adults: 12 }],
      ['on sera 12 + 3 enfants', { adults: 12, children: 3 }],
      ['14 adultes et 2 enfants', { adults: 14, children: 2 }],
      ['douze personnes', { adults: 12 }],
      ['nous serons vingt-deux', { adults: 22 }],
      ['une table pour 8', { adults: 8 }],
      ['pour 10', { adults: 10 }],
      ['15 personnes dont 3 enfants', { adults: 12, children: 3 }],
      ['sans enfants', { children: 0 }],
      ["pas d'enfant", { children: 0 }],
      ['finalement nous serons 14', { adults: 14 }],
      ['on est 8', { adults: 8 }],
      ['un groupe de 20', { adults: 20 }],
      ['nous serons un groupe de 25 personnes', { adults: 25 }],
      ['on sera plutôt 13', { adults: 13 }],
      ['on ne sera que 10', { adults: 10 }],
      ['nous serons finalement à 16', { adults: 16 }],
      ['on vient à 18', { adults: 18 }],
      ['nous viendrons à 12', { adults: 12 }],
    ])('reads %p', (text, understood) => {
      expect(read(text)).toEqual(understood);
    });

    it.each([
      ['vingt et un personnes', 21],
      ['vingt et une personnes', 21],
      ['trente-deux personnes', 32],
      ['soixante-dix personnes', 70],
      ['soixante et onze personnes', 71],
      ['quatre-vingts personnes', 80],
      ['quatre-vingt-dix-neuf personnes', 99],
      ['cent personnes', 100],
    ])('reads the number words of %p', (text, adults) => {
      expect(read(text).adults).toBe(adults);
    });

    it.each([
      ['une quinzaine', 'une quinzaine'],
      ['on sera une dizaine', 'une dizaine'],
      ['une vingtaine de personnes', 'une vingtaine'],
      ['entre 10 et 15', 'entre 10 et 15'],
      ['10 à 15 personnes', '10 à 15 personnes'],
    ])('reads %p as a vague size, with no adults', (text, vagueSize) => {
      const understood = read(text);
      expect(understood.vagueSize).toBe(vagueSize);
      expect(understood.adults).toBeUndefined();
    });

    it('does not read "entre 10 et 15" as a time', () => {
      expect(read('entre 10 et 15').time).toBeUndefined();
    });

    it('does not read "venir à 20h" as a group of 20', () => {
      expect(read('on vient à 20h')).toEqual({ time: '20:00', service: 'dinner' });
    });

    it('does not take a child with a diet for the children of the group', () => {
      // The engine offers no children's menu by name (it goes with the children): none here either.
      const groupMenus = MENUS.filter((menu) => menu.id !== 'enfant');
      expect(read('un enfant est allergique au lait', 'dietary', groupMenus)).toEqual({ dietary: 'un enfant est allergique au lait' });
      expect(read('deux enfants végétariens').children).toBeUndefined();
      expect(read('avec 2 enfants').children).toBe(2);
    });

    it('reads a bare number as the group when asked how many', () => {
      expect(read('12', 'people')).toEqual({ adults: 12 });
      expect(read('douze', 'people')).toEqual({ adults: 12 });
      expect(read('vingt et un', 'people')).toEqual({ adults: 21 });
      expect(read('environ 12', 'people')).toEqual({ adults: 12 });
      expect(read('12')).toEqual({});
    });

    it('reads a bare answer as the children when asked about them', () => {
      expect(read('3', 'children')).toEqual({ children: 3 });
      expect(read('deux', 'children')).toEqual({ children: 2 });
      expect(read('aucun', 'children')).toEqual({ children: 0 });
      expect(read('non', 'children').children).toBe(0);
      expect(read("pas d'enfant", 'children')).toEqual({ children: 0 });
    });
  });

  describe('dates', () => {
    it.each([
      ['le 12 décembre', '2026-12-12'],
      ['12 decembre', '2026-12-12'],
      ['12/12', '2026-12-12'],
      ['le 24.12', '2026-12-24'],
      ['samedi prochain', '2026-12-05'],
      ['demain', '2026-11-29'],
      ['après-demain', '2026-11-30'],
      ['apres demain', '2026-11-30'],
      ['dans 15 jours', '2026-12-13'],
      ['dans quinze jours', '2026-12-13'],
      ['dans une semaine', '2026-12-05'],
      ['vendredi', '2026-12-04'],
      ['le 3 janvier', '2027-01-03'],
      ['le premier décembre', '2026-12-01'],
      ['samedi 12', '2026-12-12'],
      ["aujourd'hui", '2026-11-28'],
      ['ce soir', '2026-11-28'],
      ['ce samedi', '2026-11-28'],
      ['samedi', '2026-12-05'],
    ])('reads %p as %p', (text, date) => {
      expect(read(text).date).toBe(date);
    });

    it('reads "le 14" alone as the next 14th (next month once past)', () => {
      expect(read('le 14').date).toBe('2026-12-14');
      expect(read('le 28').date).toBe('2026-11-28');
      expect(read('le 31').date).toBe('2026-12-31');
    });

    it('reads a bare day number as a date only when asked for the date', () => {
      expect(read('14', 'date')).toEqual({ date: '2026-12-14' });
      expect(read('le 14', 'date')).toEqual({ date: '2026-12-14' });
      expect(read('14').date).toBeUndefined();
    });

    it('does not read a group size as a date', () => {
      expect(read('nous serons 12')).toEqual({ adults: 12 });
      expect(read('12 personnes le 14')).toEqual({ adults: 12, date: '2026-12-14' });
      expect(read('le 14 pour 12')).toEqual({ adults: 12, date: '2026-12-14' });
    });

    it('does not read a time, a vague period or a word as a date', () => {
      expect(read('20h').date).toBeUndefined();
      expect(read('la semaine prochaine').date).toBeUndefined();
      expect(read('allergie aux fruits de mer').date).toBeUndefined();
      expect(read("je m'appelle Sam").date).toBeUndefined();
    });
  });

  describe('menus', () => {
    it.each([
      ['menu decouverte', 'decouverte'],
      ['le menu découvert', 'decouverte'],
      ['MENU DÉCOUVERTE', 'decouverte'],
      ['le terroir', 'terroir'],
      ['on prendra le menu du teroir', 'terroir'],
    ])('finds the menu in %p', (text, menuId) => {
      expect(read(text).menuId).toBe(menuId);
    });

    it('names no menu when none is said', () => {
      expect(read('nous serons 12 le 14').menuId).toBeUndefined();
    });

    it('does not read the children of a size as the children’s menu', () => {
      expect(read('14 adultes et 2 enfants').menuId).toBeUndefined();
    });

    it('names none when two menus match equally', () => {
      const menus = [
        { id: 'automne', name: "Saveurs d'Automne" },
        { id: 'printemps', name: 'Saveurs de Printemps' },
      ];
      expect(read('le menu saveurs', undefined, menus).menuId).toBeUndefined();
      expect(read('saveurs automne', undefined, menus).menuId).toBe('automne');
    });

    it('reads a place in the list when asked which menu', () => {
      expect(read('1', 'menu').menuId).toBe('decouverte');
      expect(read('2', 'menu').menuId).toBe('terroir');
      expect(read('le deuxième', 'menu').menuId).toBe('terroir');
      expect(read('7', 'menu').menuId).toBeUndefined();
      expect(read('2').menuId).toBeUndefined();
    });

    it('reads "le 1", asked which menu, as the first menu and not as the 1st of the month', () => {
      expect(read('le 1', 'menu')).toEqual({ menuId: 'decouverte' });
      expect(read('le 1').date).toBe('2026-12-01');
    });

    it('reads any menu by its name, and a place in the list shown', () => {
      const lunch = [MENUS[0], MENUS[2]];
      expect(read('le menu du terroir', 'menu', MENUS, lunch).menuId).toBe('terroir');
      expect(read('le 2', 'menu', MENUS, lunch).menuId).toBe('enfant');
    });
  });

  describe('contact', () => {
    it('reads an email', () => {
      expect(read('mon mail : marie.dupont@gmail.com')).toEqual({ email: 'marie.dupont@gmail.com' });
    });

    it.each(['06 12 34 56 78', '0612345678', '+33 6 12 34 56 78', '06.12.34.56.78'])('reads the phone number %p as written', (phone) => {
      expect(read(`  ${phone} `)).toEqual({ phone });
    });

    it('reads no date, time or size in the digits of a phone number', () => {
      expect(read('mon numéro 06.12.34.56.78 pour 12 personnes')).toEqual({ phone: '06.12.34.56.78', adults: 12 });
    });
  });

  describe('names', () => {
    it.each([
      ["je m'appelle Marie Dupont", 'Marie Dupont'],
      ['je suis Marie Dupont', 'Marie Dupont'],
      ['au nom de Dupont', 'Dupont'],
      ["c'est pour M. Martin", 'M. Martin'],
      ['réservation au nom de Dupont pour 12 personnes', 'Dupont'],
      ['ah non, au nom de Marchand plutôt', 'Marchand'],
      ['au nom de Durand finalement', 'Durand'],
    ])('reads the name in %p', (text, name) => {
      expect(read(text).name).toBe(name);
    });

    it('does not read what follows "je suis" or "c\'est pour" as a name unless capitalised', () => {
      expect(read('je suis allergique aux noix').name).toBeUndefined();
      expect(read("c'est pour 12 personnes").name).toBeUndefined();
      expect(read("c'est pour samedi").name).toBeUndefined();
    });

    it('reads a short answer as the name when asked for it', () => {
      expect(read('Marie Dupont', 'name')).toEqual({ name: 'Marie Dupont' });
      expect(read('dupont.', 'name')).toEqual({ name: 'dupont' });
      expect(read('Jean-Marc Dupont 06 12 34 56 78', 'name')).toEqual({ name: 'Jean-Marc Dupont', phone: '06 12 34 56 78' });
    });

    it('does not take a yes, a question, a date or a long sentence for the name', () => {
      expect(read('oui', 'name').name).toBeUndefined();
      expect(read("c'est quoi le menu", 'name').name).toBeUndefined();
      expect(read('samedi', 'name').name).toBeUndefined();
      expect(read('je ne sais pas encore qui viendra', 'name').name).toBeUndefined();
    });
  });

  describe('dietary', () => {
    it.each(['allergique aux noix', 'allergie aux fruits à coque', 'deux végétariens', 'un végétarien', 'sans gluten', 'vegan', 'halal', 'intolérant au lactose'])(
      'reads %p in the customer’s words',
      (text) => {
        expect(read(text)).toEqual({ dietary: text });
      },
    );

    it('does not take who has a diet for the group', () => {
      expect(read('Une personne est allergique aux noix', 'dietary')).toEqual({ dietary: 'Une personne est allergique aux noix' });
      expect(read('deux personnes végétariennes')).toEqual({ dietary: 'deux personnes végétariennes' });
      expect(read('12 personnes dont une allergique aux noix').adults).toBe(12);
    });

    it('keeps the clause that says the diet, as written', () => {
      expect(read('Nous serons 12 le 14, dont 2 Végétariens').dietary).toBe('2 Végétariens');
      expect(read("Pas d'allergie mais un végétarien").dietary).toBe('un végétarien');
    });

    it.each(['non', 'aucune', "pas d'allergie", 'rien', 'non merci', 'rien de particulier', 'aucunne', 'nonn merci', "Non c'est bon merci", 'tout le monde mange de tout'])(
      'reads %p as no diet when asked',
      (text) => {
        const understood = read(text, 'dietary');
        expect(understood.noDietary).toBe(true);
        expect(understood.dietary).toBeUndefined();
      },
    );

    it('takes any other answer whole when asked about allergies', () => {
      expect(read('Paul ne mange pas de poisson', 'dietary')).toEqual({ dietary: 'Paul ne mange pas de poisson' });
      expect(read('oui', 'dietary').dietary).toBeUndefined();
      expect(read('vous avez un menu vegan ?', 'dietary').dietary).toBeUndefined();
    });

    it('keeps the diet a no names', () => {
      expect(read('non, mais un végétarien', 'dietary')).toEqual({ no: true, dietary: 'non, mais un végétarien' });
    });

    it('does not take an answer that says something else whole as the diet', () => {
      expect(read('ah et finalement on sera 14', 'dietary')).toEqual({ adults: 14 });
      expect(read('nous serons 12, dont 2 végétariens', 'dietary')).toEqual({ adults: 12, dietary: '2 végétariens' });
    });

    it('reads "pas d\'allergie" as no diet even unasked', () => {
      expect(read("pas d'allergie")).toEqual({ noDietary: true });
    });

    it('does not read a question about a diet as a diet', () => {
      expect(read('avez-vous des plats sans gluten ?')).toEqual({ question: true, topic: ['plats', 'gluten'] });
    });
  });

  describe('yes and no', () => {
    it.each([
      'oui',
      'ouais',
      'ok',
      'okay',
      "d'accord",
      'dac',
      'parfait',
      "c'est bon",
      'je confirme',
      'confirmé',
      "c'est parfait",
      'yes',
      'Oui !',
      'Bonjour, oui',
      'c bon',
      'ouiii',
      'Envoyez !',
      'envoie',
      'vous pouvez envoyer',
      'allez-y',
    ])('reads %p as yes', (text) => {
      expect(read(text)).toEqual({ yes: true });
    });

    it.each(['non', 'pas du tout', 'annuler', "c'est pas ça", 'non merci', 'je voudrais annuler'])('reads %p as no', (text) => {
      expect(read(text)).toEqual({ no: true });
    });

    it('reads the rest of a yes too', () => {
      expect(read('oui mais nous serons 14')).toEqual({ yes: true, adults: 14 });
    });

    it('does not read a request for something sent as a yes', () => {
      expect(read('envoyez-moi le menu').yes).toBeUndefined();
    });

    it('does not read a yes or a no inside a longer message', () => {
      expect(read('nous serons 12, ok ?').yes).toBeUndefined();
      expect(read('peut-on annuler plus tard ?').no).toBeUndefined();
    });
  });

  describe('questions', () => {
    it.each([
      'avez-vous un parking ?',
      'vous avez un parking',
      'est-ce que vous acceptez les chiens',
      'acceptez-vous les chèques',
      'y a-t-il un parking',
      'peut-on venir avec un chien',
      'pouvez-vous nous mettre en terrasse',
      'quel est le prix du menu',
      'combien coûte le menu',
      'comment venir',
      'où êtes-vous',
      'ou est le restaurant',
      "c'est possible",
      'bonjour, vous faites des menus enfants',
    ])('reads %p as a question', (text) => {
      expect(read(text).question).toBe(true);
    });

    it.each(['nous serons 12', 'oui', 'il y a 2 végétariens'])('does not read %p as a question', (text) => {
      expect(read(text).question).toBeUndefined();
    });

    it.each<[string, string[] | undefined]>([
      ['Peut-on venir avec notre chien ?', ['chien']],
      ['Y aura-t-il de la musique live le soir ?', ['musique', 'live']],
      ['Proposez-vous un gâteau d’anniversaire ?', ['gateau', 'anniversaire']],
      ['nous serons 20 le 12 décembre à 19h30 pour un séminaire, avez-vous un vidéoprojecteur ?', ['seminaire', 'videoprojecteur']],
      ['Peut-on réserver pour 12 samedi soir ?', undefined],
      ['nous serons 12, c’est possible ?', undefined],
      ['Bonjour, je m’appelle Marie Dupont, est-ce possible pour 12 personnes ?', undefined],
    ])('reads what %p asks about', (text, topic) => {
      expect(read(text).topic).toEqual(topic);
    });
  });

  describe('what a question is about', () => {
    const about = (question: string, entry: string) => isAbout(topicWords(question), topicWords(entry));

    it('matches an entry that says the same subject, in another form of its words', () => {
      expect(about('et si on doit annuler, c est possible jusqu a quand', 'jusqu a quand peut-on annuler')).toBe(true);
      expect(about('peut-on privatiser la mezzanine', 'peut-on privatiser le restaurant')).toBe(true);
      expect(about('vous prenez des groupes de combien de personnes maximum', 'quelle est la capacite maximale pour un groupe')).toBe(true);
    });

    it('does not match an entry that shares only a verb, or one word out of many', () => {
      expect(about('vous proposez des plats vegan', 'proposez-vous des menus pour les groupes')).toBe(false);
      expect(about('peut-on apporter nos propres bouteilles de vin', 'proposez-vous des accords mets et vins')).toBe(false);
    });
  });

  describe('changes', () => {
    it.each<[string, string[]]>([
      ['le menu', ['menu']],
      ['la date', ['date']],
      ["je voudrais changer la date et l'heure", ['date', 'time']],
      ['non, le nombre de personnes', ['people']],
      ['modifier mon numéro svp', ['contact']],
      ['le nom', ['name']],
    ])('reads %p as the parts to change', (text, parts) => {
      expect(read(text).change).toEqual(parts);
    });

    it('reads no change in a new value or a question', () => {
      expect(read('le menu canut').change).toBeUndefined();
      expect(read('le menu canut').menuId).toBeUndefined();
      expect(read('le menu du terroir')).toEqual({ menuId: 'terroir' });
      expect(read("c'est quoi le menu ?").change).toBeUndefined();
      expect(read('Dupont', 'name')).toEqual({ name: 'Dupont' });
    });
  });

  describe('whole messages', () => {
    it('reads an SMS', () => {
      expect(read('slt on sera 12 le 12/12 vers 20h')).toEqual({ adults: 12, date: '2026-12-12', time: '20:00', service: 'dinner' });
    });

    it('reads a booking with "samedi soir" said on a Saturday as next Saturday', () => {
      expect(read('bjr je voudrais reserver pr 15 personnes samedi soir')).toEqual({ adults: 15, date: '2026-12-05', service: 'dinner' });
    });

    it('reads everything in a long message', () => {
      expect(read("Bonsoir, je m'appelle Marie Dupont, on sera 14 adultes et 3 enfants le 19/12 à 12h30. Mon numéro : 06 12 34 56 78")).toEqual({
        name: 'Marie Dupont',
        adults: 14,
        children: 3,
        date: '2026-12-19',
        time: '12:30',
        service: 'lunch',
        phone: '06 12 34 56 78',
      });
    });

    it('reads a date, a time and a size together', () => {
      expect(read('Bonjour, nous serons 12 le samedi 12 décembre à 20h, dont 2 végétariens')).toEqual({
        adults: 12,
        date: '2026-12-12',
        time: '20:00',
        service: 'dinner',
        dietary: '2 végétariens',
      });
      expect(read('une table pour 8 le samedi 5 à midi')).toEqual({ adults: 8, date: '2026-12-05', time: '12:00', service: 'lunch' });
      expect(read('nous serons 12, dont 2 enfants, mardi midi')).toEqual({ adults: 10, children: 2, date: '2026-12-01', service: 'lunch' });
    });

    it('reads capitals and missing accents', () => {
      expect(read('NOUS SERONS DOUZE LE 14 DECEMBRE POUR LE DINER')).toEqual({ adults: 12, date: '2026-12-14', service: 'dinner' });
    });

    it('reads a vague size with a date', () => {
      expect(read('on sera une quinzaine samedi')).toEqual({ vagueSize: 'une quinzaine', date: '2026-12-05' });
    });

    it('reads a time range as its first time', () => {
      expect(read('entre 19h et 20h')).toEqual({ time: '19:00', service: 'dinner' });
    });

    it('reads nothing in a message that says nothing', () => {
      expect(read('merci beaucoup')).toEqual({});
    });
  });
});
