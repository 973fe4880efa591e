/**
 * `understand`: what one customer message says (understanding.ts), read from French as customers
 * write it: typos, no accents, SMS style. The message is folded once (lower case, no accents) to a
 * copy of the same length, so a span found in the folded copy is the same span in the words as
 * written: names and diets come back in the customer's own spelling.
 *
 * Each reader takes what it has read out of the text left to read: a phone number is never read
 * again as a date, a time never as a group size, a group size never as a day of the month.
 */
import * as chrono from 'chrono-node';
import type { MenuChoice, RequestPart, Service, UnderstandContext, Understood } from './understanding';
import { fold, squeeze } from './text';
import { topicWords } from './topic';

export function understand(text: string, context: UnderstandContext): Understood {
  const message = new Message(text);
  const { expecting, today, menus } = context;
  const listed = context.listed ?? menus;
  const question = isQuestion(message.folded, text);
  const answer = readYesNo(message.folded, question);

  const email = readEmail(message);
  const phone = readPhone(message);
  const name = readName(message);
  const time = readTime(message) ?? (expecting === 'time' ? bareTime(message) : undefined);
  const size = readSize(message);
  // Asked which menu, 'le 2' is its place in the list, not the 2nd of the month.
  const place = expecting === 'menu' ? menuByPosition(message, listed) : undefined;
  const date = place !== undefined ? undefined : (readDate(message, today) ?? (expecting === 'date' ? bareDate(message, today) : undefined));
  if (expecting === 'people' && size.total === undefined && size.adults === undefined && size.vague === undefined) size.total = bareCount(message);
  if (expecting === 'children' && size.children === undefined) size.children = bareChildren(message);
  const service = readService(message.folded) ?? serviceAt(time);
  const menuId = readMenu(message, menus) ?? place;
  // Asked about allergies, an answer that says something else ('finalement on sera 14') is not taken whole as the diet.
  const saidElse = [date, time, menuId, name, email, phone, size.total, size.adults, size.children, size.vague].some((value) => value !== undefined);
  const diet = readDietary(message, expecting === 'dietary' && !saidElse, question, answer);

  const understood: Understood = {
    date,
    service,
    time,
    ...countsOf(size),
    menuId,
    ...diet,
    name,
    email,
    phone,
    ...answer,
    question: question || undefined,
    topic: question ? topicOf(message) : undefined,
    change: question ? undefined : readChange(message.folded),
  };
  if (understood.name === undefined && expecting === 'name' && !question && !answer.yes && !answer.no && saidNothingElse(understood)) {
    understood.name = bareName(message);
  }
  return withoutAbsent(understood);
}

// ————— The text —————

/** The message, folded, and what is left to read of it. */
class Message {
  /** Lower case, no accents, straight apostrophes, every space a plain one: same length as the text. */
  readonly folded: string;
  private left: string;
  private leftAsWritten: string;

  constructor(readonly written: string) {
    this.folded = fold(written);
    this.left = this.folded;
    this.leftAsWritten = written;
  }

  /** The folded text not read yet (what was read is blanked out, so indexes stay the text's). */
  get rest(): string {
    return this.left;
  }

  /** The text as written, not read yet. */
  get restAsWritten(): string {
    return this.leftAsWritten;
  }

  asWritten(start: number, end: number): string {
    return this.written.slice(start, end);
  }

  /** Calls `read` on each match of `pattern` (global) in what is left; a match it accepts is taken out. */
  eachMatch(pattern: RegExp, read: (match: RegExpExecArray) => boolean): void {
    for (const match of this.left.matchAll(pattern)) {
      if (read(match)) this.take(match.index, match.index + match[0].length);
    }
  }

  take(start: number, end: number): void {
    const blank = ' '.repeat(end - start);
    this.left = this.left.slice(0, start) + blank + this.left.slice(end);
    this.leftAsWritten = this.leftAsWritten.slice(0, start) + blank + this.leftAsWritten.slice(end);
  }
}

/** Leading greetings, which say nothing ('bonjour, oui' is a yes). */
const GREETING = /^(?:(?:bonjour|bonsoir|bjr|bsr|slt|salut|hello|coucou|re|alors|euh|eh bien|ben|bon|merci)(?![a-z])[\s,.!]*)+/;

const withoutGreeting = (folded: string): string => squeeze(folded).replace(GREETING, '');

/** The days of the week, folded, in Date.getDay() order. */
const WEEKDAYS = ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'];

/** No letter or digit before: a word or a number starts here. */
const START = '(?<![a-z0-9])';
/** Not a letter after: the word ends here. */
const END = '(?![a-z])';

// ————— Numbers —————

const UNITS = ['zero', 'un', 'deux', 'trois', 'quatre', 'cinq', 'six', 'sept', 'huit', 'neuf', 'dix', 'onze', 'douze', 'treize', 'quatorze', 'quinze', 'seize'];
const TENS: Record<number, string> = { 2: 'vingt', 3: 'trente', 4: 'quarante', 5: 'cinquante', 6: 'soixante' };

/** The ways French spells n (0 to 100), words one space apart (hyphens read as spaces); 'vingt un' too, a common slip. */
function spellings(n: number): string[] {
  if (n === 1) return ['un', 'une'];
  if (n <= 16) return [UNITS[n]];
  if (n < 20) return [`dix ${UNITS[n - 10]}`];
  if (n === 100) return ['cent'];
  const unit = n % 10;
  const tens = Math.floor(n / 10);
  const after = (word: string, rest: number, withEt: boolean): string[] =>
    rest === 0 ? [word] : [...(rest === 1 && withEt ? [`${word} et un`, `${word} et une`] : []), ...spellings(rest).map((spelt) => `${word} ${spelt}`)];
  if (n < 70) return after(TENS[tens], unit, true);
  if (n < 80) return [...(n === 71 ? ['soixante et onze'] : after('soixante', n - 60, false)), ...after('septante', unit, true)];
  if (n === 80) return ['quatre vingts', 'quatre vingt', 'huitante', 'octante'];
  if (n < 90) return [...after('quatre vingt', n - 80, false), ...after('huitante', unit, true), ...after('octante', unit, true)];
  return [...after('quatre vingt', n - 80, false), ...after('nonante', unit, true)];
}

const NUMBER_WORDS = new Map<string, number>(Array.from({ length: 101 }, (_, n) => spellings(n).map((spelt): [string, number] => [spelt, n])).flat());

const wordsPattern = (words: string[]): string =>
  [...words]
    .sort((a, b) => b.length - a.length)
    .map((word) => word.replace(/ /g, '[\\s-]+'))
    .join('|');

/** Digits that are not part of a date (12/12), a time (19:45) or a decimal. */
const DIGITS = '(?<![\\d/:.,])\\d{1,3}(?![\\d/:]|[.,]\\d)';
/** A number said in words, from zero to cent. */
const WORDS = `${START}(?:${wordsPattern([...NUMBER_WORDS.keys()])})${END}`;
/** A number, digits or words. */
const NUMBER = `(?:${DIGITS}|${WORDS})`;
/** A number that is not the article 'un'/'une' ('pour une soirée', 'nous serons un groupe de 20'). */
const COUNT = `(?!une?${END})${NUMBER}`;

function numberValue(said: string): number | undefined {
  const digits = said.trim();
  if (/^\d+$/.test(digits)) return Number(digits);
  return NUMBER_WORDS.get(digits.replace(/[\s-]+/g, ' '));
}

/** The only number of what is left once `fillers` are set aside ('12', 'douze', 'on sera 12'), if that is all there is. */
function onlyNumber(message: Message, fillers: RegExp, allowArticle = false): number | undefined {
  const rest = squeeze(
    withoutGreeting(message.rest)
      .replace(/[.,;:!+()]/g, ' ')
      .replace(fillers, ' '),
  );
  const match = new RegExp(`^${allowArticle ? NUMBER : COUNT}$`).exec(rest);
  return match ? numberValue(match[0]) : undefined;
}

// ————— Contact —————

const EMAIL = /[\p{L}0-9._%+-]+@[\p{L}0-9.-]+\.[a-z]{2,}/giu;
/** A French number: 0X or +33 X / 0033 X, then four pairs, spaced, dotted or dashed as the customer likes. */
const PHONE = /(?<![\d+])(?:(?:\+|00)33[\s.-]*(?:\(0\)[\s.-]*)?[1-9]|0[1-9])(?:[\s.-]?\d{2}){4}(?!\d)/g;

function readEmail(message: Message): string | undefined {
  let email: string | undefined;
  message.eachMatch(EMAIL, (match) => {
    email ??= message.asWritten(match.index, match.index + match[0].length);
    return true;
  });
  return email;
}

function readPhone(message: Message): string | undefined {
  let phone: string | undefined;
  message.eachMatch(PHONE, (match) => {
    phone ??= message.asWritten(match.index, match.index + match[0].length).trim();
    return true;
  });
  return phone;
}

// ————— Name —————

/** Words that introduce a name; 'strict' ones ('je suis', 'c'est pour') also introduce other things, so the name must be capitalised. */
const NAME_CUES: { pattern: RegExp; strict: boolean }[] = [
  { pattern: /(?<![a-z])(?:je m'?\s*appelle|j'?\s*m'?\s*appelle|mon nom (?:est|c'est)|au nom de|a(?:u)? nom d'|nom\s*:|de la part de)\s*/g, strict: false },
  { pattern: /(?<![a-z])(?:je suis|c'est pour|moi c'est|ici)\s+/g, strict: true },
];
const CIVILITY = /^(?:m\.|mr\.?|mme\.?|mlle\.?|monsieur|madame|mademoiselle)\s+/i;
/** Where a name stops: the next words are the rest of the sentence. */
const NOT_A_NAME = new Set([
  'et',
  'pour',
  'pr',
  'le',
  'la',
  'les',
  'nous',
  'on',
  'je',
  'j',
  'a',
  'au',
  'du',
  'des',
  'avec',
  'merci',
  'svp',
  'mon',
  'ma',
  'mes',
  'tel',
  'telephone',
  'mail',
  'email',
  'numero',
  'qui',
  'serons',
  'sera',
  'sommes',
  'reservation',
  'reserver',
  'vous',
  'mais',
  'ou',
  'donc',
  'bonjour',
  'cordialement',
  'ce',
  'cette',
  'un',
  'une',
  'demain',
  'midi',
  'soir',
  'diner',
  'dejeuner',
  'plutot',
  'finalement',
  'aussi',
  'alors',
  'stp',
  'puis',
  ...WEEKDAYS,
]);

function readName(message: Message): string | undefined {
  for (const { pattern, strict } of NAME_CUES) {
    let name: string | undefined;
    message.eachMatch(pattern, (cue) => {
      if (name !== undefined) return false;
      const start = cue.index + cue[0].length;
      const said = nameAt(message.restAsWritten.slice(start), strict);
      if (said === undefined) return false;
      name = said;
      message.take(start, start + said.length);
      return true;
    });
    if (name !== undefined) return name;
  }
  return undefined;
}

/** A word of a name: letters, with its hyphens and apostrophes ('Jean-Marc', 'O'Neil'). */
const NAME_WORD = /^\p{L}[\p{L}'’-]*/u;

/** The name at the start of `text`, as written: a civility perhaps, then up to four words, one space apart. */
function nameAt(text: string, strict: boolean): string | undefined {
  const civility = CIVILITY.exec(text)?.[0] ?? '';
  const words: string[] = [];
  let rest = text.slice(civility.length);
  while (words.length < 4) {
    const word = NAME_WORD.exec(rest)?.[0];
    if (word === undefined || NOT_A_NAME.has(fold(word))) break;
    words.push(word);
    rest = rest.slice(word.length);
    if (!rest.startsWith(' ')) break;
    rest = rest.slice(1);
  }
  if (words.length === 0) return undefined;
  if (strict && !civility && !/^\p{Lu}/u.test(words[0])) return undefined;
  return civility + words.join(' ');
}

/** Asked for a name, a short answer that says nothing else is the name ('Dupont', 'Marie Dupont'). */
function bareName(message: Message): string | undefined {
  const said = squeeze(message.restAsWritten)
    .replace(/^(?:moi\s+)?c'?est\s+/i, '')
    .replace(/[\s.,;:!-]+$/, '')
    .replace(/^[\s.,;:!-]+/, '');
  const words = said.split(' ').filter(Boolean);
  if (words.length === 0 || words.length > 5 || /\d/.test(said)) return undefined;
  if (GREETING.test(fold(said)) && squeeze(fold(said).replace(GREETING, '')) === '') return undefined;
  return said;
}

/** Nothing but the name (and perhaps how to reach them) was read: 'samedi' is no name. */
function saidNothingElse(understood: Understood): boolean {
  const { email: _email, phone: _phone, ...rest } = understood;
  return Object.values(rest).every((value) => value === undefined);
}

// ————— Time —————

/** Minutes said in words after the hour ('20h et demie', '19 heures trente'). */
const MINUTE_WORDS = `et[\\s-]+demie?|et[\\s-]+quart|moins[\\s-]+(?:le[\\s-]+)?quart|trente|quinze|quarante[\\s-]+cinq`;
const PEOPLE = `(?:personnes?|pers\\.?|pax|ppl|adultes?|convives?|couverts?|invites?|participants?|gens|people)${END}`;
const CHILD = `(?:enfants?|enfts?|kids?|bebes?)${END}`;
const MONTHS = `(?:janvier|janv|jan|fevrier|fevr|fev|mars|avril|avr|mai|juin|juillet|juil|aout|septembre|sept|sep|octobre|oct|novembre|nov|decembre|dec)${END}`;

/** '20h', '20h30', '20 h 30', '19 heures', '8h du soir': not followed by people ('à 20h 30 personnes' is not 20:30). */
const HOUR_H = new RegExp(`(?<![\\d/.:,])([01]?\\d|2[0-3])\\s*(?:heures?|hrs?|h)${END}(?:\\s*([0-5]\\d)(?!\\d)(?!\\s*${PEOPLE})|\\s+(${MINUTE_WORDS}))?(\\s+du\\s+soir)?`, 'g');
const HOUR_COLON = /(?<![\d/.:])([01]?\d|2[0-3])\s?:\s?([0-5]\d)(?!\d)/g;
const HOUR_WORDS = new RegExp(`(${WORDS})\\s+heures?${END}(?:\\s+(${MINUTE_WORDS}))?(\\s+du\\s+soir)?`, 'g');
/** 'à midi', 'vers midi', 'midi et demi', 'midi 30': noon as a time ('ce midi', 'le midi' are the lunch service, not a time). */
const NOON = new RegExp(`${START}(?:(a|vers|pour|des|avant|sur|aux\\s+alentours\\s+de)\\s+)?midi(?:\\s+(${MINUTE_WORDS}|[0-5]\\d(?!\\d)))?(?![a-z-])`, 'g');

function readTime(message: Message): string | undefined {
  const times: { index: number; time: string }[] = [];
  const found = (index: number, time: string | undefined): boolean => {
    if (time !== undefined) times.push({ index, time });
    return time !== undefined;
  };
  message.eachMatch(HOUR_H, (m) => found(m.index, clock(Number(m[1]), m[2] ?? m[3], m[4] !== undefined)));
  message.eachMatch(HOUR_COLON, (m) => found(m.index, clock(Number(m[1]), m[2], false)));
  message.eachMatch(HOUR_WORDS, (m) => found(m.index, clock(numberValue(m[1]) ?? -1, m[2], m[3] !== undefined)));
  message.eachMatch(NOON, (m) => (m[1] !== undefined || m[2] !== undefined) && found(m.index, clock(12, m[2], false)));
  times.sort((a, b) => a.index - b.index);
  return times[0]?.time;
}

/** HH:MM from an hour and minutes as said (digits or words); undefined if it is no hour of the day. */
function clock(hour: number, minutes: string | undefined, evening: boolean): string | undefined {
  if (!Number.isInteger(hour) || hour < 0 || hour > 23) return undefined;
  let h = evening && hour < 12 ? hour + 12 : hour;
  let m = 0;
  const said = minutes?.replace(/[\s-]+/g, ' ');
  if (said === undefined) m = 0;
  else if (/^\d+$/.test(said)) m = Number(said);
  else if (said.startsWith('et demi') || said === 'trente') m = 30;
  else if (said === 'et quart' || said === 'quinze') m = 15;
  else if (said === 'quarante cinq') m = 45;
  else if (said.startsWith('moins')) [h, m] = [(h + 23) % 24, 45];
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** Asked for a time, a bare hour is one ('20' → 20:00, 'midi' → 12:00). */
function bareTime(message: Message): string | undefined {
  if (squeeze(message.rest).replace(/[.!]/g, '').trim() === 'midi') return '12:00';
  const hour = onlyNumber(message, /(?<![a-z])(?:vers|a|pour|plutot|oui)(?![a-z])/g);
  return hour === undefined ? undefined : clock(hour, undefined, false);
}

// ————— Service —————

/** Words that hold 'midi' or 'soir' but say no service: the afternoon, greetings. */
const NOT_A_SERVICE = /apres[\s-]*midi|bonne\s+soiree|bonsoir/g;
const SERVICE_WORDS = new RegExp(`${START}(?:(deje?u?n+e\\w*|dej|midi|lunch)|(din+e+rs?|soir|soiree|souper))${END}`, 'g');

/** The service said last ('pas ce midi mais ce soir' is dinner). */
function readService(folded: string): Service | undefined {
  let service: Service | undefined;
  for (const match of folded.replace(NOT_A_SERVICE, (words) => ' '.repeat(words.length)).matchAll(SERVICE_WORDS)) {
    service = match[1] !== undefined ? 'lunch' : 'dinner';
  }
  return service;
}

/** A time says the service when no word does: lunch before 16:00. */
const serviceAt = (time: string | undefined): Service | undefined => (time === undefined ? undefined : time < '16:00' ? 'lunch' : 'dinner');

// ————— Group size —————

interface SizeSaid {
  total?: number;
  adults?: number;
  children?: number;
  /** The children are counted in the total ('15 personnes dont 3 enfants'). */
  childrenAmongTotal?: boolean;
  vague?: string;
}

/** What follows a number that makes it no count of people: a time, a date, a duration, a price. */
const NOT_A_COUNT = `(?!\\s*(?:h${END}|heures?|[/:.-]\\d|jours?|semaines?|mois|ans?${END}|euros?|€|%|minutes?|min${END}|${MONTHS}|${CHILD}))`;
const VAGUE_WORD = new RegExp(`${START}(?:une?\\s+)?(?:petite\\s+|bonne\\s+)?(?:dizaine|douzaine|quinzaine|vingtaine|trentaine|quarantaine|cinquantaine|soixantaine|centaine)${END}`, 'g');
/** 'entre 10 et 15', '10 à 15 personnes', '10-15 personnes' (a dash between digits only: 'vingt-deux' is one number). */
const VAGUE_RANGE = new RegExp(`${START}entre\\s+${NUMBER}\\s+et\\s+${NUMBER}(?:\\s+${PEOPLE})?|${NUMBER}\\s+(?:a|ou)\\s+${NUMBER}\\s+${PEOPLE}|${DIGITS}\\s*-\\s*${DIGITS}\\s+${PEOPLE}`, 'g');
/** 'une personne est allergique', 'deux personnes végétariennes': who has a diet, not the group. */
const DIET_FOLLOWS = `(?!\\s+(?:(?:est|sont|qui\\s+(?:est|sont)|ne\\s+mangen?t?)\\s+)?(?:allergi|intoleran|vege|vegan|sans\\s+gluten|halal|casher|kasher))`;
const CHILDREN_AMONG = new RegExp(`${START}dont\\s+(${NUMBER})\\s+${CHILD}`, 'g');
const CHILDREN = new RegExp(`(${NUMBER})\\s+(?:petits?\\s+)?${CHILD}${DIET_FOLLOWS}`, 'g');
const NO_CHILDREN = new RegExp(`${START}(?:sans|pas\\s+d(?:'|e\\s+|\\s+)|aucuns?)\\s*(?:les\\s+)?${CHILD}`, 'g');
const ADULTS = new RegExp(`(${NUMBER})\\s+adultes?${END}`, 'g');
const TOTAL_PEOPLE = new RegExp(`(${NUMBER})\\s+${PEOPLE}${DIET_FOLLOWS}`, 'g');
/** Words between 'nous serons' and the number: how sure, or that it is a change ('on sera plutôt 13', 'on ne sera que 10'). */
const BEING_ADVERBS = [
  'environ',
  'a peu pres',
  'au moins',
  'au total',
  'en tout',
  'max',
  'maximum',
  'pile',
  'plutot',
  'finalement',
  'en fait',
  'donc',
  'alors',
  'maintenant',
  'desormais',
  'seulement',
  'juste',
  'que',
  'bien',
  'au final',
]
  .map((words) => words.replace(/ /g, '\\s+'))
  .join('|');
/** 'nous serons 12', 'on sera environ 12', 'on est 12', 'on va être 12', 'on sera plutôt 13', 'on sera à 12'. */
const TOTAL_BEING = new RegExp(`${START}(?:serons|sera|seront|sommes|serions|etions|etre|soyons|on\\s+est)\\s+(?:(?:${BEING_ADVERBS})\\s+)*(?:a\\s+)?(${COUNT})${NOT_A_COUNT}`, 'g');
/** 'on vient à 18', 'nous viendrons à 12': coming 'à' a number is the group (an hour says 'h' or 'heures'). */
const TOTAL_COMING = new RegExp(`${START}(?:venir|viens|vient|venons|venez|viennent|viendrons|viendra|viendront)\\s+(?:(?:${BEING_ADVERBS})\\s+)*a\\s+(${COUNT})${NOT_A_COUNT}`, 'g');
/** 'une table pour 8', 'pr 15', 'un groupe de 20'. */
const TOTAL_FOR = new RegExp(`${START}(?:(?:table|groupe|reservation|resa)\\s+(?:de|pour|pr)|pour|pr)\\s+(?:environ\\s+)?(${COUNT})${NOT_A_COUNT}`, 'g');

function readSize(message: Message): SizeSaid {
  const size: SizeSaid = {};
  message.eachMatch(VAGUE_WORD, (m) => Boolean((size.vague ??= message.asWritten(m.index, m.index + m[0].length).trim())));
  message.eachMatch(VAGUE_RANGE, (m) => Boolean((size.vague ??= message.asWritten(m.index, m.index + m[0].length).trim())));
  const count = (pattern: RegExp, use: (n: number) => void): void =>
    message.eachMatch(pattern, (m) => {
      const n = numberValue(m[1]);
      if (n !== undefined) use(n);
      return n !== undefined;
    });
  count(CHILDREN_AMONG, (n) => Object.assign(size, { children: n, childrenAmongTotal: true }));
  count(CHILDREN, (n) => (size.children = n));
  message.eachMatch(NO_CHILDREN, () => ((size.children = 0), true));
  count(ADULTS, (n) => (size.adults = n));
  count(TOTAL_PEOPLE, (n) => (size.total = n));
  count(TOTAL_BEING, (n) => (size.total = n));
  count(TOTAL_COMING, (n) => (size.total = n));
  count(TOTAL_FOR, (n) => (size.total = n));
  return size;
}

/** Adults and children from what was said: the total less the children it includes, or the whole group. */
function countsOf(size: SizeSaid): Pick<Understood, 'adults' | 'children' | 'vagueSize'> {
  const { total, children, childrenAmongTotal } = size;
  let adults = size.adults;
  if (adults === undefined && total !== undefined) {
    adults = childrenAmongTotal && children !== undefined && children < total ? total - children : total;
  }
  const vagueSize = adults === undefined ? size.vague : undefined;
  return { adults, children, vagueSize };
}

const COUNT_FILLERS = /(?<![a-z])(?:oui|on|nous|sera|serons|sommes|est|environ|a peu pres|au total|en tout|total|pour|personnes?|pers|adultes?|et|merci|plutot)(?![a-z])/g;

/** Asked how many, a bare number is the group ('12', 'douze', 'environ 12'). */
const bareCount = (message: Message): number | undefined => positive(onlyNumber(message, COUNT_FILLERS));

/** Asked about children: a bare number, or none ('aucun', 'non', 'pas d'enfant'). */
function bareChildren(message: Message): number | undefined {
  const n = onlyNumber(message, /(?<![a-z])(?:oui|on|a|en|aura|y|il|ya|et|merci|seulement|juste)(?![a-z])/g, true);
  if (n !== undefined) return n;
  return /^(?:non|nan|aucun|aucune|zero|pas|personne|nope)(?![a-z])/.test(withoutGreeting(message.folded)) ? 0 : undefined;
}

const positive = (n: number | undefined): number | undefined => (n !== undefined && n > 0 ? n : undefined);

// ————— Date —————

interface Day {
  year: number;
  month: number;
  day: number;
}

const DAY_NUMBER = '(\\d{1,2}(?:er)?|premier)';
/** After a day number, what makes it something else than a day of this month: a month (chrono reads those), a time, a count. */
const NOT_A_DAY_ALONE = `(?![\\d/.:])(?!\\s*(?:${MONTHS}|h${END}|heures?|${PEOPLE}|${CHILD}))`;

/** chrono.fr reads 'après-demain' as 'demain'. */
const AFTER_TOMORROW = new RegExp(`${START}apres[\\s-]*demain${END}`, 'g');
/** chrono.fr knows number words only up to 'treize' ('dans quinze jours'). */
const IN_WORD_DAYS = new RegExp(`${START}dans\\s+(${WORDS})\\s+(jours?|semaines?)${END}`, 'g');
/** chrono.fr reads 'samedi 12' as Saturday at noon: it is Saturday the 12th. */
const WEEKDAY_AND_DAY = new RegExp(`${START}(${WEEKDAYS.join('|')})\\s+${DAY_NUMBER}${END}${NOT_A_DAY_ALONE}`, 'g');
/** chrono.fr needs a month: 'le 14' alone is the next 14th. */
const DAY_ALONE = new RegExp(`${START}le\\s+${DAY_NUMBER}${END}${NOT_A_DAY_ALONE}`, 'g');
/** chrono.fr reads neither 'aujourd hui' nor 'auj', and 'ce soir', 'ce midi' as no day. */
const TODAY = new RegExp(`${START}(?:aujourd'?\\s*hui|auj|ce\\s+(?:soir|midi)|ce\\s+jour)${END}`, 'g');

function readDate(message: Message, todayIso: string): string | undefined {
  const today = dayOf(todayIso);
  const dates: { index: number; date: Day }[] = [];
  const found = (index: number, date: Day | undefined): boolean => {
    if (date) dates.push({ index, date });
    return date !== undefined;
  };
  message.eachMatch(AFTER_TOMORROW, (m) => found(m.index, addDays(today, 2)));
  message.eachMatch(IN_WORD_DAYS, (m) => found(m.index, addDays(today, (numberValue(m[1]) ?? 0) * (m[2].startsWith('semaine') ? 7 : 1))));
  message.eachMatch(WEEKDAY_AND_DAY, (m) => found(m.index, nextDayOfMonth(today, dayNumber(m[2]), WEEKDAYS.indexOf(m[1]))));
  message.eachMatch(DAY_ALONE, (m) => found(m.index, nextDayOfMonth(today, dayNumber(m[1]))));
  message.eachMatch(TODAY, (m) => found(m.index, today));
  for (const result of chronoDates(message.rest, today)) found(result.index, result.date);
  dates.sort((a, b) => a.index - b.index);
  return dates[0] && isoOf(dates[0].date);
}

/** Weekday abbreviations chrono.fr reads as days but customers write as words ('fruits de mer', 'Sam', 'un jeu'). */
const LONE_ABBREVIATION = /^(?:lun|mar|mer|jeu|ven|sam|dim)\.?$/;

/** The days chrono.fr finds in what is left of the text, from noon of today, never in the past. */
function chronoDates(rest: string, today: Day): { index: number; date: Day }[] {
  // 'le 24.12' is a date chrono.fr reads only with a slash; 'premier' only as '1er' (same lengths, so the indexes hold).
  const text = rest.replace(/(?<![\d.])(\d{1,2})\.(\d{1,2})(?![\d.])/g, '$1/$2').replace(/(?<![a-z])premier(?![a-z])/g, '1er    ');
  const reference = new Date(today.year, today.month - 1, today.day, 12, 0, 0);
  const dates: { index: number; date: Day }[] = [];
  for (const result of chrono.fr.parse(text, reference, { forwardDate: true })) {
    const { start } = result;
    const said = result.text.trim();
    if (!start.isCertain('day') && !start.isCertain('weekday')) continue; // a time alone, or a month
    if (LONE_ABBREVIATION.test(said) || /maintenant/.test(said) || (/semaine/.test(said) && !/dans/.test(said))) continue;
    let date: Day = { year: start.get('year') ?? today.year, month: start.get('month') ?? today.month, day: start.get('day') ?? today.day };
    if (compareDays(date, today) < 0) continue;
    // 'samedi' said on a Saturday is next week's: today would be 'ce samedi' or 'aujourd'hui'.
    if (start.isCertain('weekday') && !start.isCertain('day') && compareDays(date, today) === 0 && !/^cet?\s/.test(said)) date = addDays(date, 7);
    dates.push({ index: result.index, date });
  }
  return dates;
}

/** Asked for a date, a bare day number is this month's (or next month's, once past): '14', 'le 14'. */
function bareDate(message: Message, todayIso: string): string | undefined {
  const day = onlyNumber(message, /(?<![a-z])(?:le|pour|plutot|oui|du|mois)(?![a-z])/g);
  const date = day === undefined ? undefined : nextDayOfMonth(dayOf(todayIso), day);
  return date && isoOf(date);
}

const dayNumber = (said: string): number => (said === 'premier' ? 1 : parseInt(said, 10));

const dayOf = (iso: string): Day => {
  const [year, month, day] = iso.split('-').map(Number);
  return { year, month, day };
};

const isoOf = ({ year, month, day }: Day): string => `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** Calendar arithmetic on local dates at noon: no time zone can move the day. */
function addDays({ year, month, day }: Day, days: number): Day {
  const date = new Date(year, month - 1, day + days, 12);
  return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() };
}

const compareDays = (a: Day, b: Day): number => a.year - b.year || a.month - b.month || a.day - b.day;

/** The first day `n` of a month from today on (on `weekday`, if said and one of the next twelve months has it). */
function nextDayOfMonth(today: Day, n: number, weekday?: number): Day | undefined {
  if (n < 1 || n > 31) return undefined;
  let nearest: Day | undefined;
  for (let ahead = 0; ahead <= 12; ahead += 1) {
    const date = new Date(today.year, today.month - 1 + ahead, n, 12);
    if (date.getDate() !== n) continue; // no 31st in that month
    const day = { year: date.getFullYear(), month: date.getMonth() + 1, day: n };
    if (compareDays(day, today) < 0) continue;
    nearest ??= day;
    if (weekday === undefined || date.getDay() === weekday) return day;
  }
  return nearest;
}

// ————— Menu —————

/** Words of a menu's name that do not tell it from another. */
const MENU_FILLERS = new Set(['menu', 'menus', 'formule', 'formules', 'le', 'la', 'les', 'l', 'du', 'des', 'de', 'd', 'au', 'aux', 'et', 'a', 'en', 'the']);

const wordsOf = (folded: string): string[] => folded.split(/[^a-z0-9]+/).filter(Boolean);

/** The menu the text names, when one matches better than every other (a tie names none). */
function readMenu(message: Message, menus: MenuChoice[]): string | undefined {
  const words = wordsOf(message.rest);
  const scored = menus
    .map((menu) => ({ id: menu.id, ...menuScore(fold(menu.name), words) }))
    .filter((menu) => menu.share >= 0.5)
    .sort((a, b) => b.share - a.share || b.matched - a.matched);
  const [best, second] = scored;
  if (!best) return undefined;
  if (second && second.share === best.share && second.matched === best.matched) return undefined;
  return best.id;
}

/** How much of a menu's name the words say: the share of its distinctive words found (spelling tolerated), and how many. */
function menuScore(name: string, words: string[]): { share: number; matched: number } {
  const nameWords = wordsOf(name).filter((word) => !MENU_FILLERS.has(word));
  if (nameWords.length === 0) return { share: 0, matched: 0 };
  let total = 0;
  let matched = 0;
  for (const nameWord of nameWords) {
    const best = Math.max(0, ...words.map((word, i) => wordSimilarity(nameWord, word, words[i - 1])));
    if (best > 0) {
      total += best;
      matched += 1;
    }
  }
  return { share: total / nameWords.length, matched };
}

/**
 * 1 for the same word, less for a close spelling ('decouvert' for 'decouverte'), 0 when too far.
 * Short words must be exact; a one- or two-letter name ('Menu A') must follow 'menu' or 'formule',
 * since 'a' is also the folded 'à'.
 */
function wordSimilarity(nameWord: string, word: string, before: string | undefined): number {
  if (nameWord.length <= 2) return nameWord === word && (before === 'menu' || before === 'formule') ? 1 : 0;
  if (nameWord.length <= 4) return nameWord === word ? 1 : 0;
  const similarity = 1 - levenshtein(nameWord, word) / Math.max(nameWord.length, word.length);
  return similarity >= 0.8 ? similarity : 0;
}

function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}

const ORDINALS = new Map([
  ['premier', 1],
  ['1er', 1],
  ['deuxieme', 2],
  ['second', 2],
  ['seconde', 2],
  ['2e', 2],
  ['2eme', 2],
  ['troisieme', 3],
  ['3e', 3],
  ['3eme', 3],
  ['quatrieme', 4],
  ['4e', 4],
  ['4eme', 4],
]);

/** Asked which menu, a number or an ordinal is its place in the list ('1', 'le deuxième'). */
function menuByPosition(message: Message, menus: MenuChoice[]): string | undefined {
  const fillers = /(?<![a-z])(?:le|la|menu|formule|numero|no|n°|plutot|oui|svp|merci)(?![a-z])/g;
  const ordinal = ORDINALS.get(squeeze(withoutGreeting(message.rest).replace(/[.,!]/g, ' ').replace(fillers, ' ')));
  const place = ordinal ?? onlyNumber(message, fillers, true);
  return place !== undefined && place >= 1 && place <= menus.length ? menus[place - 1].id : undefined;
}

// ————— Dietary —————

const DIET = new RegExp(
  [
    'allerg',
    'intoleran',
    'vegetari',
    'vegan',
    'vegetalien',
    'gluten',
    'lactose',
    'halal',
    'casher',
    'cacher',
    'kasher',
    'kosher',
    'c(?:o|oe)?eliaque',
    'sans\\s+porc',
    'pas\\s+de\\s+porc',
    'sans\\s+viande',
    'pescetarien',
    'diabeti',
    'fruits?\\s+a\\s+coques?',
    'arachides?',
    'crustaces',
  ]
    .map((word) => `${START}${word}`)
    .join('|'),
);
/** No diet to note: 'pas d'allergie', 'aucune intolérance', 'pas de régime particulier'. */
const NO_DIET = new RegExp(
  `${START}(?:pas|aucune?|sans|ni)\\s+(?:d'\\s*|de\\s+|d\\s+)?(?:allergies?|intolerances?|regimes?|restrictions?)(?:\\s+(?:particulier|particuliere|alimentaire|speciale?)s?)?${END}`,
  'g',
);
/** The words of an answer that says no diet ('non merci', 'aucune', 'rien de particulier'); one of them must say no. */
const NO_DIET_WORDS = new Set([
  'non',
  'nan',
  'nope',
  'no',
  'aucun',
  'aucune',
  'rien',
  'ras',
  'personne',
  'pas',
  'de',
  'd',
  'du',
  'tout',
  'merci',
  'particulier',
  'special',
  'allergie',
  'allergies',
  'intolerance',
  'intolerances',
  'regime',
  'regimes',
  'restriction',
  'restrictions',
  'alimentaire',
  'ni',
]);
const NEGATIONS = new Set(['non', 'nan', 'nope', 'no', 'aucun', 'aucune', 'rien', 'ras', 'personne', 'pas']);
/** A word with its doubled letters single: 'aucunne', 'nonn' are typed for 'aucune', 'non' (both sides compared so). */
const singled = (word: string): string => word.replace(/(.)\1+/g, '$1');
const NO_DIET_SINGLED = new Set([...NO_DIET_WORDS].map(singled));
const NEGATIONS_SINGLED = new Set([...NEGATIONS].map(singled));
/** Clause borders: sentences, commas, and 'mais' ('pas d'allergie mais deux végétariens'). */
const CLAUSE_BORDER = /[.;!?\n]+|,\s*|\s+(?:mais|par contre)\s+/g;
const CLAUSE_LEAD = /^(?:(?:et|mais|dont|avec|aussi|oui|alors|ps)\s+)+/i;

/** 'tout le monde mange de tout', 'on mange de tout': no diet, in other words. */
const EATS_EVERYTHING = /(?<![a-z])(?:tout le monde|on|nous|ils) mang(?:e|eons|ent) (?:de )?tout(?![a-z])/;

/** `answering`: the message answers the allergies question and says nothing else. */
function readDietary(message: Message, answering: boolean, question: boolean, answer: YesNo): Pick<Understood, 'dietary' | 'noDietary'> {
  const words = wordsOf(withoutGreeting(message.folded));
  const saysNone = words.length > 0 && words.every((word) => NO_DIET_SINGLED.has(singled(word))) && words.some((word) => NEGATIONS_SINGLED.has(singled(word)));
  // Asked about allergies, a no that names no diet is none ('non c'est bon merci'; 'non mais un végétarien' names one).
  const noWithoutDiet = answer.no === true && !DIET.test(message.folded);
  if (answering && (saysNone || noWithoutDiet || EATS_EVERYTHING.test(message.folded))) return { noDietary: true };
  // Asked about allergies, the answer is the customer's words whole.
  if (answering && !question && !isOnlyYesNo(message.folded, answer)) return { dietary: squeeze(message.written) };
  const clauses = dietClauses(message);
  if (clauses.length > 0) return { dietary: clauses.join(', ') };
  if (message.folded.search(NO_DIET) >= 0 || EATS_EVERYTHING.test(message.folded)) return { noDietary: true };
  return {};
}

/** The clauses, as written, that name an allergy or a diet (a question about one is not a diet). */
function dietClauses(message: Message): string[] {
  const folded = message.folded.replace(NO_DIET, (words) => ' '.repeat(words.length));
  const clauses: string[] = [];
  let start = 0;
  for (const border of [...folded.matchAll(CLAUSE_BORDER), null]) {
    const end = border ? border.index : folded.length;
    const clause = folded.slice(start, end);
    if (DIET.test(clause) && !border?.[0].includes('?') && !isQuestion(clause, clause)) {
      clauses.push(squeeze(message.asWritten(start, end)).replace(CLAUSE_LEAD, ''));
    }
    start = border ? border.index + border[0].length : end;
  }
  return clauses;
}

// ————— Yes, no, question —————

interface YesNo {
  yes?: true;
  no?: true;
}

const NO_START = /^(?:non|nan|nope|no|pas du tout|surtout pas|pas vraiment|absolument pas|c'?est pas (?:ca|ce que)|ce n'?est pas (?:ca|ce que)|pas ca)(?![a-z])/;
const YES_START = new RegExp(
  `^(?:${[
    'oui+',
    'ouais',
    'ouai',
    'ouep',
    'ouip',
    'yes',
    'yep',
    'okay',
    'okey',
    'oki',
    'ok',
    "d'?\\s?accord",
    "d'?\\s?acc?",
    'parfait',
    "c'?est parfait",
    "c'?est bon",
    "c'?est ok",
    "c'?est ca",
    "c'?est tout bon",
    'c (?:bon|ok|parfait|nickel)',
    "(?:envoi(?:e|es)|envoy(?:ez|er))(?![\\s-]*(?:moi|nous|m'|-))",
    "vous pouvez (?:l'?\\s?)?envoyer",
    'allez[\\s-]y',
    'vas[\\s-]y',
    'go',
    "c'?est nickel",
    'ca marche',
    'ca me va',
    'ca roule',
    'tres bien',
    'super',
    'nickel',
    'impec(?:cable)?',
    'top',
    'exactement',
    'exact',
    'tout a fait',
    'bien sur',
    'volontiers',
    'je confirme',
    'confirmee?',
    'carrement',
    'absolument',
    'entendu',
    'valide',
    'pas de (?:souci|soucis|probleme)',
    'aucun (?:souci|probleme)',
  ].join('|')})(?![a-z])`,
);
const CANCEL = /(?<![a-z])annul\w*/;

/** Yes or no, when the message opens with it ('oui mais nous serons 14' is a yes, with the rest read too). */
function readYesNo(folded: string, question: boolean): YesNo {
  const said = withoutGreeting(folded).replace(/^[\s,.!-]+/, '');
  // 'annuler' anywhere is a no, but not in a question ('peut-on annuler plus tard ?').
  if (NO_START.test(said) || (CANCEL.test(said) && !question)) return { no: true };
  if (YES_START.test(said) || /(?<![a-z])je confirme(?![a-z])/.test(said)) return { yes: true };
  return {};
}

/** The message is a yes or a no and nothing more ('oui', 'non merci'). */
function isOnlyYesNo(folded: string, answer: YesNo): boolean {
  if (!answer.yes && !answer.no) return false;
  const rest = withoutGreeting(folded).replace(answer.yes ? YES_START : NO_START, '');
  return wordsOf(rest).every((word) => ['merci', 'beaucoup', 'bien', 'sur', 'svp'].includes(word));
}

/** Words that open a question, even without its '?' ('vous avez un parking'). */
const QUESTION_START = new RegExp(
  `^(?:${[
    'est[\\s-]ce',
    'avez[\\s-]vous',
    'vous avez',
    "y'? ?a[\\s-]t[\\s-]?il",
    "y'? ?a",
    'ya',
    'peut[\\s-]on',
    'on peut',
    'pouvez[\\s-]vous',
    'pourriez[\\s-]vous',
    'pourrait[\\s-]on',
    'acceptez[\\s-]vous',
    'vous acceptez',
    'faites[\\s-]vous',
    'vous faites',
    'proposez[\\s-]vous',
    'vous proposez',
    'quel(?:le)?s?',
    'combien',
    'comment',
    'pourquoi',
    "c'?est quoi",
    "qu'?est[\\s-]ce",
    'ou (?:est|se|sont|peut|puis|etes|ca|c)',
    "c'?est ou",
    "c'?est possible",
    "c'?est combien",
    'est[\\s-]il',
    'serait[\\s-]il',
    'puis[\\s-]je',
    'je peux',
    'dois[\\s-]je',
    'faut[\\s-]il',
    'a quelle',
    "jusqu'?\\s?a quelle",
    'possible de',
  ].join('|')})(?![a-z])`,
);
/** Words that make a question wherever they are ('nous serons 12, c'est possible'). */
const QUESTION_ANYWHERE =
  /(?<![a-z])(?:est[\s-]ce que|avez[\s-]vous|pouvez[\s-]vous|acceptez[\s-]vous|y a[\s-]t[\s-]il|c'?est possible|est[\s-]il possible|serait[\s-]il possible|combien)(?![a-z])/;

function isQuestion(folded: string, written: string): boolean {
  if (written.includes('?') || /^\s*où(?!\p{L})/iu.test(written)) return true;
  const said = withoutGreeting(folded).replace(/^(?:et|mais|sinon|aussi|par contre|au fait)\s+/, '');
  return QUESTION_START.test(said) || QUESTION_ANYWHERE.test(said);
}

/** What a question asks about, in what is left once the request's details are read (a name, a date, a number are not its subject). */
function topicOf(message: Message): string[] | undefined {
  const words = topicWords(message.rest);
  return words.length > 0 ? words : undefined;
}

// ————— Changes —————

/** The words that name a part of the request, alone ('le menu', 'l'heure d'arrivée', 'mon numéro'). */
const PART_WORDS: [RequestPart, RegExp][] = [
  ['date', /^(?:la\s+)?date$|^(?:le\s+)?jour$/],
  ['time', /^(?:l'?\s*)?(?:heure(?:\s+d'?\s*arrivee)?|horaire)$/],
  ['people', /^(?:le\s+)?nombre(?:\s+de\s+(?:personnes|convives|couverts|gens|participants))?$|^(?:les\s+)?personnes$/],
  ['menu', /^(?:le\s+)?(?:menu|formule)$/],
  ['dietary', /^(?:les\s+)?(?:allergies?|regimes?)$/],
  ['name', /^(?:le\s+)?nom$/],
  ['contact', /^(?:l'?\s*|le\s+|mon\s+)?(?:e-?mail|mail|adresse\s+(?:e-?)?mail|telephone|tel|numero(?:\s+de\s+telephone)?|contact)$/],
];
/** What may open a change ('non,', 'je voudrais changer', 'plutôt') and close it ('svp'). */
const CHANGE_LEAD =
  /^(?:(?:non|nan|oui|alors|euh|ben|bah|plutot|en fait|je (?:voudrais|veux|souhaite|souhaiterais|prefere)|j'?\s*aimerais|on (?:voudrait|veut|prefere)|il faut|changer|modifier|change|modifie|corriger|corrige)(?![a-z])[\s,.!:-]*)+/;
const CHANGE_TAIL = /(?:[\s,.!]*(?:svp|stp|s'?\s*il vous plait|merci|plutot|a changer|a modifier|a corriger))+[\s,.!]*$/;

/** The parts of the request the message names to change, when it says nothing else ('le menu', 'la date et l'heure'). */
function readChange(folded: string): RequestPart[] | undefined {
  const said = squeeze(
    withoutGreeting(folded)
      .replace(CHANGE_LEAD, '')
      .replace(CHANGE_TAIL, '')
      .replace(/[\s.!]+$/, ''),
  );
  if (!said) return undefined;
  const parts: RequestPart[] = [];
  for (const piece of said.split(/\s*(?:,|(?<![a-z])et(?![a-z])|&)\s*/).filter(Boolean)) {
    const part = PART_WORDS.find(([, words]) => words.test(piece))?.[0];
    if (part === undefined) return undefined;
    if (!parts.includes(part)) parts.push(part);
  }
  return parts.length > 0 ? parts : undefined;
}

// ————— The answer —————

/** The fields said, without the absent ones (each field is absent when the message does not say it). */
function withoutAbsent(understood: Understood): Understood {
  return Object.fromEntries(Object.entries(understood).filter(([, value]) => value !== undefined)) as Understood;
}
