// Finding phrases (horse names) in a question: a phrase is found when it is a run of the
// question's words, or, with a typo allowance by its length (see allowedTypos), when a run of one
// word fewer to one word more is within that many edits and starts with the same letter.
//
// Built for many phrases at once (every horse of the newest bets, up to 2,000) at a bounded cost:
// the question's runs of words are listed once (at most QUESTION_WORDS_MAX words, each run no
// longer than the longest phrase), exact matches are hash look-ups, and typo candidates come from
// an index by first letter and length, checked with a banded distance under one Budget.
import {
  allowedTypos,
  Budget,
  distanceCost,
  editDistance,
  isStopWord,
  normalize,
  QUESTION_WORDS_MAX,
  WORD_CHARS_MAX,
} from './fuzzy';

/** Phrase lengths are below this (names are at most 100 characters; NFKD may add a few). */
const LENGTH_KEY = 1024;

interface Phrase {
  index: number;
  text: string;
  words: number;
  /** Typos tolerated (0–2), by its length without spaces. */
  allowed: number;
}

interface Run {
  text: string;
  words: number;
  /** Only stop words ("on the"): never a typo'd name. */
  allStop: boolean;
}

/**
 * The question's runs of one or more consecutive words, each once, in order of appearance:
 * at most `maxWords` words and `maxChars` characters long. Words longer than any name break runs.
 */
function runs(question: string, maxWords: number, maxChars: number): Map<string, Run> {
  const q = normalize(question).split(' ', QUESTION_WORDS_MAX);
  const out = new Map<string, Run>();
  for (let i = 0; i < q.length; i++) {
    let text = '';
    let allStop = true;
    for (let n = 1; n <= maxWords && i + n <= q.length; n++) {
      const word = q[i + n - 1] ?? '';
      if (!word || word.length > WORD_CHARS_MAX) break;
      text = n === 1 ? word : `${text} ${word}`;
      if (text.length > maxChars) break;
      allStop &&= isStopWord(word);
      if (!out.has(text)) out.set(text, { text, words: n, allStop });
    }
  }
  return out;
}

/**
 * The phrases the question names, at the smallest distance found (0 for an exact mention), as
 * indexes into `phrases`; null when none is found.
 */
export function closestPhrases(
  question: string,
  phrases: readonly string[],
  budget = new Budget(),
): { distance: number; indexes: number[] } | null {
  const list: Phrase[] = [];
  let maxWords = 0;
  let maxChars = 0;
  for (let index = 0; index < phrases.length; index++) {
    const text = normalize(phrases[index] ?? '');
    if (!text) continue;
    let words = 1;
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 32) words++;
    list.push({ index, text, words, allowed: allowedTypos(text.length - words + 1) });
    if (words > maxWords) maxWords = words;
    if (text.length > maxChars) maxChars = text.length;
  }
  if (list.length === 0) return null;
  // A typo'd run may have one word more and two letters more than the phrase.
  const found = runs(question, maxWords + 1, maxChars + 2);

  const exact: number[] = [];
  for (const p of list) if (found.has(p.text)) exact.push(p.index);
  if (exact.length > 0) return { distance: 0, indexes: exact };

  // The phrases that tolerate typos, by first letter, then by words × LENGTH_KEY + length.
  const index = new Map<string, Map<number, Phrase[]>>();
  for (const p of list) {
    if (p.allowed === 0 || p.text.length >= LENGTH_KEY) continue;
    const first = p.text[0] ?? '';
    const byShape = index.get(first) ?? new Map<number, Phrase[]>();
    index.set(first, byShape);
    const key = p.words * LENGTH_KEY + p.text.length;
    const bucket = byShape.get(key);
    if (bucket) bucket.push(p);
    else byShape.set(key, [p]);
  }
  let best = 2; // the largest allowance; lowered as closer phrases are found
  const distances = new Map<number, number>();
  search: for (const run of found.values()) {
    if (run.allStop) continue;
    const byShape = index.get(run.text[0] ?? '');
    if (!byShape) continue;
    const length = run.text.length;
    for (let words = Math.max(1, run.words - 1); words <= run.words + 1; words++) {
      for (let l = length - best; l <= length + best; l++) {
        // One bucket shares words and length, so its allowance: a bucket too far is skipped whole.
        const allowed = allowedTypos(l - words + 1);
        for (const p of byShape.get(words * LENGTH_KEY + l) ?? []) {
          const max = Math.min(allowed, best);
          if (Math.abs(l - length) > max) break;
          if (!budget.spend(distanceCost(run.text, p.text, max))) break search;
          const d = editDistance(run.text, p.text, max);
          if (d > max) continue;
          best = d;
          distances.set(p.index, Math.min(d, distances.get(p.index) ?? d));
        }
      }
    }
  }
  const indexes = [...distances].filter(([, d]) => d === best).map(([i]) => i);
  return indexes.length > 0 ? { distance: best, indexes: indexes.sort((a, b) => a - b) } : null;
}

/** The distance at which the question names the phrase (0 exact), or null. */
export function findPhrase(question: string, phrase: string, budget = new Budget()): number | null {
  return closestPhrases(question, [phrase], budget)?.distance ?? null;
}
