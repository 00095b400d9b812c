// Forgiving name matching for the assistant: case and punctuation ignored, a prefix of three or
// more letters counts, and small typos are allowed (optimal-string-alignment Damerau-Levenshtein:
// insert, delete, substitute, swap two neighbours — each costs 1).

/** Lower case, accents and punctuation dropped, single spaces: "O'Brien  Jr." → "obrien jr". */
export function normalize(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

export const words = (text: string): string[] => {
  const n = normalize(text);
  return n ? n.split(' ') : [];
};

/** Damerau-Levenshtein distance (optimal string alignment variant). */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  // Three rolling rows: i-2, i-1, i.
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, before[j - 2]! + 1);
      current[j] = d;
    }
    [before, previous, current] = [previous, current, before];
  }
  return previous[b.length]!;
}

/** Typos tolerated for a word of this length: none up to 3 letters, 1 up to 7, else 2. */
export function allowedTypos(length: number): number {
  if (length <= 3) return 0;
  if (length <= 7) return 1;
  return 2;
}

/**
 * How well a word the user typed matches one word of a name: 0 exact, 1 a prefix (≥ 3 letters),
 * 2 + distance for a tolerated typo, or null for no match.
 */
export function wordMatch(typed: string, target: string): number | null {
  if (typed === target) return 0;
  if (typed.length >= 3 && target.startsWith(typed)) return 1;
  // A typo keeps the first letter: "Crol" finds Carol, "weather" never finds Heather.
  if (typed[0] !== target[0]) return null;
  const distance = editDistance(typed, target);
  return distance <= allowedTypos(Math.min(typed.length, target.length)) ? 2 + distance : null;
}

/** Words that never stand for a name (question words, the assistant's own vocabulary). */
const STOP_WORDS = new Set(
  `a about after all am an and any are as at be been bet bets betting by can could did do does doing done for
  from get go going got had has have he her hers him his how i if in into is it its just know last let like many
  me mine much my next now of on or our out over place placed please race races record say see she show so
  stats tell than that the their them then there they this to today tomorrow too turn up us was we well were
  what when where which who whom whose why will with won would you your yours going good horse horses
  member members next performance performing punter punters bettor syndicate anyone everyone someone
  help commands subscription subscriptions subscribed plan plans membership expire expires expiry renew
  dues fees paid reminder reminders remind due overdue todo tasks jobs pending unsettled outstanding
  unresolved open live running current settled waiting rotation meeting meetings meets calendar schedule
  scheduled fixture fixtures racing card top best leader leaders leaderboard leading ranking rankings rank
  ranked standings performer performers podium win rate strike success hit percentage percent cent often
  wins winners winning balance bank bankroll money fund funds profit profits loss losses pnl kitty pot cash
  down black red earnings earned ahead behind statistics summary overview report tracking results result
  form history travelling placed hello hey thanks cheers upcoming coming week month`.split(/\s+/),
);

export const isStopWord = (word: string) => STOP_WORDS.has(word);

/**
 * The question's words that may be (part of) a name: possessives dropped ("Carol's" → "carol"),
 * stop words left out unless capitalised mid-sentence ("How is Will going?" keeps "will").
 */
export function nameCandidates(question: string): string[] {
  const tokens = question.split(/[^\p{L}\p{N}'’]+/u).filter(Boolean);
  const out: string[] = [];
  tokens.forEach((token, i) => {
    const w = normalize(token.replace(/['’]s$/i, ''));
    if (w.length < 2 || w.includes(' ')) return;
    if (isStopWord(w) && !(i > 0 && /^\p{Lu}/u.test(token))) return;
    out.push(w);
  });
  return out;
}

export interface Named {
  id: number;
  name: string;
}

export interface NameMatch<T extends Named> {
  item: T;
  /** Lower is better: the sum of the matched words' scores minus a bonus per word matched. */
  score: number;
}

/**
 * The items whose name matches the question, best first. Each non-stop word of the question is
 * compared with each word of a name; a name needs at least one matching word.
 */
export function matchNames<T extends Named>(question: string, items: readonly T[]): NameMatch<T>[] {
  const typed = nameCandidates(question);
  const matches: NameMatch<T>[] = [];
  for (const item of items) {
    const parts = words(item.name);
    let matched = 0;
    let total = 0;
    for (const part of parts) {
      let best: number | null = null;
      for (const w of typed) {
        const m = wordMatch(w, part);
        if (m !== null && (best === null || m < best)) best = m;
      }
      if (best !== null) {
        matched++;
        total += best;
      }
    }
    if (matched > 0) matches.push({ item, score: total - matched * 10 });
  }
  return matches.sort((a, b) => a.score - b.score || a.item.id - b.item.id);
}

/**
 * The one item the question names, or the tied candidates when it is ambiguous ("Carol" with two
 * Carols), or none.
 */
export function resolveName<T extends Named>(
  question: string,
  items: readonly T[],
): { kind: 'one'; item: T } | { kind: 'ambiguous'; items: T[] } | { kind: 'none' } {
  const matches = matchNames(question, items);
  const [first] = matches;
  if (!first) return { kind: 'none' };
  const tied = matches.filter((m) => m.score === first.score);
  return tied.length === 1
    ? { kind: 'one', item: first.item }
    : { kind: 'ambiguous', items: tied.map((m) => m.item) };
}

/**
 * A phrase (e.g. a horse's name) found in the question: exactly, or as a run of the question's
 * words within the typo allowance for the phrase's length. Returns the distance, or null.
 */
export function findPhrase(question: string, phrase: string): number | null {
  const target = normalize(phrase);
  if (!target) return null;
  const q = normalize(question);
  if (` ${q} `.includes(` ${target} `)) return 0;
  const qWords = q.split(' ');
  const n = target.split(' ').length;
  const allowed = allowedTypos(target.replace(/ /g, '').length);
  let best: number | null = null;
  for (let size = Math.max(1, n - 1); size <= n + 1; size++) {
    for (let i = 0; i + size <= qWords.length; i++) {
      const window = qWords.slice(i, i + size);
      if (window.every(isStopWord)) continue;
      const d = editDistance(window.join(' '), target);
      if (d <= allowed && (best === null || d < best)) best = d;
    }
  }
  return best;
}
