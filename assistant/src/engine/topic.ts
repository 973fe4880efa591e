/**
 * What a question is about: its words once French function words and the booking's own words (book,
 * table, people, the days, the services…) are set aside. 'Peut-on venir avec notre chien ?' is about
 * ['chien']; 'Peut-on réserver pour 12 samedi ?' about nothing: a booking, not a question for the
 * restaurant. Words are compared by a rough stem (plural off, first five letters), so that
 * 'annuler' meets 'annulation' and 'menus' meets 'menu'.
 */

/** Words that say nothing of a subject: articles, pronouns, auxiliaries, the verbs a question is asked with, politeness. */
const FUNCTION_WORDS = [
  'les des une aux du au la le un de et ou ni mais donc car que qui quoi quel quelle quels quelles quand comment combien pourquoi',
  'est sont suis etes sera serons seront serait seriez serions ete etre avoir avez avons ont aura aurait aurez aurons',
  'ils elle elles nous vous moi toi lui eux leur leurs mon mes ton tes son ses notre nos votre vos cet cette ces cela ceci ici',
  'pour par avec sans sur sous dans chez vers entre apres avant pendant depuis jusqu jusque lors comme',
  'aussi tres plus moins bien bon bonne tout tous toute toutes meme autre autres pas non oui peu beaucoup encore deja alors puis',
  'possible possibilite peut peuvent pouvez pouvons puis pourrait pourriez pourrions pourra pourrons',
  'faut faudrait fait faites faire font fais dois doit devons devez doivent',
  'veux voudrais voudrait voudrions voulons voulez souhaite souhaitons souhaitez souhaiterais souhaiterions aimerais aimerions',
  'accepte acceptez acceptes proposez propose proposes proposent prenez prend prendre offrez offre existe',
  'savoir sais sait dire dites merci bonjour bonsoir salut bjr bsr slt coucou hello svp stp madame monsieur restaurant chose choses quelque',
  'exactement exact vraiment normalement prevu prevoir sinon',
].join(' ');

/** The booking's own words: a question made only of them is about the booking, which the dialogue handles. */
const BOOKING_WORDS = [
  'reserver reservation resa table groupe personne pers gens place dispo disponible disponibilite libre',
  'date jour soir soiree midi diner dejeuner repas service venir viens vient venons viendrons viendra arriver arrivee heure fois',
  'semaine weekend prochain prochaine lundi mardi mercredi jeudi vendredi samedi dimanche',
  'janvier fevrier mars avril mai juin juillet aout septembre octobre novembre decembre adulte',
].join(' ');

/** Compared by stem, so that a plural or another form of a word is set aside too. */
const SET_ASIDE = new Set([...FUNCTION_WORDS.split(' '), ...BOOKING_WORDS.split(' ')].map((word) => stemOf(word)));

/** A rough French stem: the plural off, then the first five letters. */
export function stemOf(word: string): string {
  return word.replace(/(?<=...)[sx]$/, '').slice(0, 5);
}

/** The words of `folded` (lower case, no accents) that say what it is about, each once. */
export function topicWords(folded: string): string[] {
  const words = folded.split(/[^a-z]+/).filter((word) => word.length >= 3 && !SET_ASIDE.has(stemOf(word)));
  return [...new Set(words)];
}

/**
 * Whether `entry` (a FAQ question, an option's title) answers a question about `topic`: they share a
 * word, and it is at least half of either (one word in common out of five is a coincidence: 'vin' in
 * 'apporter nos bouteilles de vin' does not make it a question about the wine pairing).
 */
export function isAbout(topic: string[], entry: string[]): boolean {
  if (topic.length === 0 || entry.length === 0) return false;
  const entryStems = new Set(entry.map(stemOf));
  const shared = new Set(topic.map(stemOf).filter((stem) => entryStems.has(stem))).size;
  return shared > 0 && (shared * 2 >= entryStems.size || shared * 2 >= new Set(topic.map(stemOf)).size);
}

/** Whether `text` (folded) says every word of `topic`: a FAQ entry that mentions all the question asks about. */
export function mentionsAll(topic: string[], folded: string): boolean {
  const stems = new Set(folded.split(/[^a-z]+/).map(stemOf));
  return topic.length > 0 && topic.every((word) => stems.has(stemOf(word)));
}
