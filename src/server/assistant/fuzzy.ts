// Forgiving name matching for the assistant: case and punctuation ignored, a prefix of three or
// more letters counts, and small typos are allowed (optimal-string-alignment Damerau-Levenshtein:
// insert, delete, substitute, swap two neighbours — each costs 1).
//
// The work is bounded, because questions come from any member and run on the main thread: only
// the first QUESTION_WORDS_MAX words are read, only words with the same first letter and a length
// within the typo allowance are compared, distances are computed in a band and stop once past the
// allowance, and each question may spend at most WORK_MAX units (about one character comparison
// each) on typo matching. Exact matches cost no budget.

/** Words of a question read for names (real questions have fewer than 30). */
export const QUESTION_WORDS_MAX = 64;
/** Longest word (letters) compared with names: no member or horse name is longer (100 characters). */
export const WORD_CHARS_MAX = 100;
/** Work units (≈ character comparisons) one question may spend on typo matching: a few ms of CPU. */
export const WORK_MAX = 150_000;

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** Lower case, accents and punctuation dropped, single spaces: "O'Brien  Jr." → "obrien jr". */
export function normalize(text: string): string {
  // Most names and questions are plain ASCII: one pass, no Unicode normalisation (about a third
  // of the cost; up to 2,000 horse names are normalised per question).
  if (PRINTABLE_ASCII.test(text)) return normalizeAscii(text);
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** normalize() for printable ASCII: the same result, in one pass. */
function normalizeAscii(text: string): string {
  let out = '';
  let gap = false;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c === 39 || c === 96) continue; // ' and ` join the letters around them: O'Brien → obrien
    if (c >= 65 && c <= 90) c += 32; // A–Z → a–z
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) {
      if (gap && out) out += ' ';
      gap = false;
      out += String.fromCharCode(c);
    } else gap = true;
  }
  return out;
}

export const words = (text: string): string[] => {
  const n = normalize(text);
  return n ? n.split(' ') : [];
};

/** What one question may still spend on typo matching (work units, see WORK_MAX). */
export class Budget {
  constructor(public left = WORK_MAX) {}
  /** Takes `units` if they are left; false once the budget is spent (and from then on). */
  spend(units: number): boolean {
    if (this.left < units) {
      this.left = 0;
      return false;
    }
    this.left -= units;
    return true;
  }
}

// Three rolling rows for editDistance, grown as needed (the server is single-threaded and the
// function does not re-enter, so one set is shared).
let rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/** Work units editDistance(a, b, max) may take: its band's cells. */
export const distanceCost = (a: string, b: string, max: number) =>
  a.length * (2 * Math.min(max, Math.max(a.length, b.length)) + 1);

/**
 * Damerau-Levenshtein distance (optimal string alignment variant). With `max`, only a band of
 * 2·max + 1 cells per row is computed and the answer is max + 1 as soon as the distance must
 * exceed max (length difference, or every cell of a row past it).
 */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (a === b) return 0;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > max) return max + 1;
  if (la === 0) return lb;
  if (lb === 0) return la;
  const band = Math.min(max, Math.max(la, lb));
  const far = band + 1; // stands for "more than band" outside the band
  if ((rows[0]?.length ?? 0) < lb + 2) rows = rows.map(() => new Int32Array(lb + 2));
  let [before, previous, current] = rows as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j <= lb; j++) previous[j] = j <= band ? j : far;
  for (let i = 1; i <= la; i++) {
    const lo = Math.max(1, i - band);
    const hi = Math.min(lb, i + band);
    current[0] = i <= band ? i : far;
    current[lo - 1] = lo === 1 ? current[0] : far;
    let rowMin = lo === 1 ? current[0] : far;
    for (let j = lo; j <= hi; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (
        i > 1 &&
        j > 1 &&
        a.charCodeAt(i - 1) === b.charCodeAt(j - 2) &&
        a.charCodeAt(i - 2) === b.charCodeAt(j - 1)
      )
        d = Math.min(d, before[j - 2]! + 1);
      if (d > far) d = far;
      current[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (hi < lb) current[hi + 1] = far;
    if (rowMin > band) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  const d = previous[lb]!;
  return d > max ? max + 1 : d;
}

/** Typos tolerated for a word of this length: none up to 3 letters, 1 up to 7, else 2. */
export function allowedTypos(length: number): number {
  if (length <= 3) return 0;
  if (length <= 7) return 1;
  return 2;
}

/**
 * How well a word the user typed matches one word of a name: 0 exact, 1 a prefix (≥ 3 letters),
 * 2 + distance for a tolerated typo, or null for no match (also when the budget is spent).
 */
export function wordMatch(typed: string, target: string, budget = new Budget()): number | null {
  if (typed === target) return 0;
  // A typo keeps the first letter: "Crol" finds Carol, "weather" never finds Heather.
  if (typed[0] !== target[0]) return null;
  if (typed.length >= 3 && target.startsWith(typed)) return 1;
  const allowed = allowedTypos(Math.min(typed.length, target.length));
  if (allowed === 0 || Math.abs(typed.length - target.length) > allowed) return null;
  if (!budget.spend(distanceCost(typed, target, allowed))) return null;
  const distance = editDistance(typed, target, allowed);
  return distance <= allowed ? 2 + distance : null;
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
 * The question's words that may be (part of) a name, each once and at most QUESTION_WORDS_MAX
 * of them: possessives dropped ("Carol's" → "carol"), stop words left out unless capitalised
 * mid-sentence ("How is Will going?" keeps "will").
 */
export function nameCandidates(question: string): string[] {
  const tokens = question.split(/[^\p{L}\p{N}'’]+/u, 4 * QUESTION_WORDS_MAX).filter(Boolean);
  const out = new Set<string>();
  for (let i = 0; i < tokens.length && out.size < QUESTION_WORDS_MAX; i++) {
    const token = tokens[i] ?? '';
    const w = normalize(token.replace(/['’]s$/i, ''));
    if (w.length < 2 || w.length > WORD_CHARS_MAX || w.includes(' ')) continue;
    if (isStopWord(w) && !(i > 0 && /^\p{Lu}/u.test(token))) continue;
    out.add(w);
  }
  return [...out];
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
 * compared with each word of a name that has its first letter; a name needs one matching word.
 */
export function matchNames<T extends Named>(
  question: string,
  items: readonly T[],
  budget = new Budget(),
): NameMatch<T>[] {
  const typed = nameCandidates(question);
  const matches: NameMatch<T>[] = [];
  if (typed.length === 0) return matches;
  const exact = new Set(typed);
  const byFirst = new Map<string, string[]>();
  for (const w of typed) {
    const list = byFirst.get(w[0] ?? '');
    if (list) list.push(w);
    else byFirst.set(w[0] ?? '', [w]);
  }
  for (const item of items) {
    let matched = 0;
    let total = 0;
    for (const part of words(item.name)) {
      let best: number | null = exact.has(part) ? 0 : null;
      if (best === null)
        for (const w of byFirst.get(part[0] ?? '') ?? []) {
          // A unit per comparison, so even a huge member list is bounded.
          if (!budget.spend(1)) break;
          const m = wordMatch(w, part, budget);
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
