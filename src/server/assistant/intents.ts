// Understanding a question: which of the assistant's answers it asks for, and about whom or
// which horse. Pure (no I/O): the engine passes the syndicate's members and horse names.
import { type Named, normalize, resolveName } from './fuzzy';
import { closestPhrases } from './phrases';

export type Intent =
  | { kind: 'help' }
  | { kind: 'greeting' }
  | { kind: 'rotation'; memberId: number | null }
  | { kind: 'races' }
  | { kind: 'balance' }
  | { kind: 'winRate' }
  | { kind: 'totalWins' }
  | { kind: 'summary' }
  | { kind: 'top' }
  | { kind: 'memberRecord'; memberId: number }
  | { kind: 'pending'; memberId: number | null }
  | { kind: 'horse'; horse: string }
  | { kind: 'reminders' }
  | { kind: 'subscription'; memberId: number }
  | { kind: 'bank' }
  | { kind: 'bankMember'; memberId: number }
  | { kind: 'dues'; memberId: number | null }
  | { kind: 'ambiguous'; names: string[] }
  | { kind: 'unknown' };

export type TopicKind =
  | 'help'
  | 'greeting'
  | 'dues'
  | 'subscription'
  | 'reminders'
  | 'pending'
  | 'rotation'
  | 'races'
  | 'bank'
  | 'top'
  | 'winRate'
  | 'totalWins'
  | 'balance'
  | 'summary'
  | 'memberRecord';

/** Topic patterns, most specific first; matched against the normalised question (see fuzzy.ts). */
const TOPICS: [TopicKind, RegExp][] = [
  [
    'help',
    /\b(help|what can you (do|answer|tell)|what do you (know|do)|commands?|how do i use you|what can i ask)\b/,
  ],
  // The bank (docs/bank.md): what a member owes, and the pooled money and each member's part of it.
  ['dues', /\b(owe|owes|owed|owing|dues|arrears|unpaid|in debt)\b/],
  [
    'subscription',
    /\b(subscriptions?|subscribed|plans?|membership|expires?|expiry|expiring|renew(al)?|fees|paid up)\b/,
  ],
  ['reminders', /\b(reminders?|remind|due|overdue|to ?do|tasks?|jobs)\b/],
  [
    'pending',
    /\b(pending|unsettled|outstanding|unresolved|open bets?|live bets?|running bets?|current bets?|bets? (in play|running|open|live)|not (yet )?settled|waiting)\b/,
  ],
  [
    'rotation',
    /\b(turn|turns|rotation|whose|up next|next up|who s up|who is up|who is next|who s next|next punter|next bettor|next bet|who (bets|places|picks|is betting|is placing|s betting|s placing)|who should bet)\b/,
  ],
  ['races', /\b(races?|meetings?|meets?|calendar|schedule[sd]?|fixtures?|racing|race day|card)\b/],
  [
    'bank',
    /\b(bank|banked|bankroll|kitty|pot|pool|cash|funds?|available|shares?|stake in|equity|capital|paid in|put in|contributed|contributions?|payouts?|paid out)\b/,
  ],
  [
    'top',
    /\b(top|best|leaders?|leaderboard|leading|rankings?|rank|ranked|standings|performers?|podium|mvp|star)\b/,
  ],
  ['winRate', /\b(win ?rate|strike ?rate|success rate|hit rate|percentage|per cent|percent|how often)\b/],
  ['totalWins', /\b(wins|won|winners|winning bets|how many (wins|winners))\b/],
  [
    'balance',
    /\b(balance|money|profits?|losses|p ?l|pnl|up or down|in the (black|red)|earnings|earned|how much|ahead|behind)\b/,
  ],
  [
    'summary',
    /\b(stats|statistics|summary|overview|report|how are we (going|doing|tracking)|how s the syndicate|how is the syndicate|performance|results?)\b/,
  ],
  [
    'memberRecord',
    /\b(how (is|s|are|am) \w+ (going|doing|tracking|travelling|performing|placed)|record|form|history)\b/,
  ],
];

const GREETING = /^(hi|hello|hey|hiya|g ?day|good (morning|afternoon|evening)|thanks|thank you|cheers|ta)\b/;
const SELF = /\b(i|my|mine|myself|im)\b/;
const HORSE_HINT = /\b(horse|horses|on|backed|back|about|named|called)\b/;

export interface Known {
  members: readonly Named[];
  /** Distinct horse names from the syndicate's bets; null when not loaded (not needed yet). */
  horses: readonly string[] | null;
  /** The asking member (answers "my turn", "how am I going"). */
  selfId: number;
}

export function topicOf(question: string): TopicKind | null {
  const q = normalize(question);
  if (GREETING.test(q) && q.split(' ').length <= 4) return 'greeting';
  for (const [kind, pattern] of TOPICS) if (pattern.test(q)) return kind;
  return null;
}

/**
 * The horse the question names: an exact mention first, else the closest within the typo
 * allowance; of equally close ones the longest name (then the first). Bounded work: see phrases.ts.
 */
export function findHorse(question: string, horses: readonly string[]): string | null {
  const found = closestPhrases(question, horses);
  if (!found) return null;
  let best: string | null = null;
  for (const i of found.indexes) {
    const horse = horses[i];
    if (horse !== undefined && (best === null || horse.length > best.length)) best = horse;
  }
  // A typo'd horse name needs a hint that a horse is meant ("bets on", "horse").
  return found.distance === 0 || HORSE_HINT.test(normalize(question)) ? best : null;
}

/** Topics that, with a member named, become "that member's record". */
const RECORD_TOPICS = new Set<TopicKind | null>([
  null,
  'summary',
  'top',
  'winRate',
  'totalWins',
  'balance',
  'memberRecord',
]);

export function classify(question: string, known: Known): Intent {
  const topic = topicOf(question);
  if (topic === 'help') return { kind: 'help' };
  if (topic === 'greeting') return { kind: 'greeting' };

  const horse = known.horses ? findHorse(question, known.horses) : null;
  // A horse named in full outranks the general topics ("how did Phar Lap go?").
  if (
    horse &&
    (topic === null ||
      topic === 'summary' ||
      topic === 'races' ||
      topic === 'memberRecord' ||
      topic === 'totalWins')
  )
    return { kind: 'horse', horse };

  const named = resolveName(question, known.members);
  if (
    named.kind === 'ambiguous' &&
    (topic === null ||
      RECORD_TOPICS.has(topic) ||
      topic === 'rotation' ||
      topic === 'subscription' ||
      topic === 'dues' ||
      topic === 'bank')
  )
    return { kind: 'ambiguous', names: named.items.map((m) => m.name) };
  const self = SELF.test(normalize(question)) ? known.selfId : null;
  // "my"/"I" alone is not a question ("I like turtles"): it needs a topic to point at the asker.
  const memberId = named.kind === 'one' ? named.item.id : topic === null ? null : self;

  switch (topic) {
    case 'dues':
      return { kind: 'dues', memberId };
    case 'bank':
      return memberId === null ? { kind: 'bank' } : { kind: 'bankMember', memberId };
    case 'balance':
      // "my balance", "Carol's balance": the member's account in the bank; "our balance": the stats.
      if (memberId !== null) return { kind: 'bankMember', memberId };
      break;
    case 'subscription':
      return { kind: 'subscription', memberId: memberId ?? known.selfId };
    case 'reminders':
      return { kind: 'reminders' };
    case 'pending':
      return { kind: 'pending', memberId: named.kind === 'one' ? named.item.id : self };
    case 'rotation':
      return { kind: 'rotation', memberId: named.kind === 'one' ? named.item.id : self };
    case 'races':
      return { kind: 'races' };
    default:
      break;
  }
  if (memberId !== null && RECORD_TOPICS.has(topic)) return { kind: 'memberRecord', memberId };
  if (horse) return { kind: 'horse', horse };
  switch (topic) {
    case 'top':
    case 'winRate':
    case 'totalWins':
    case 'balance':
    case 'summary':
      return { kind: topic };
    default:
      return { kind: 'unknown' };
  }
}

/** Whether answering may need the horse names (so the engine loads the bets only then). */
export function mayNameHorse(question: string): boolean {
  const topic = topicOf(question);
  return (
    topic === null ||
    topic === 'summary' ||
    topic === 'races' ||
    topic === 'memberRecord' ||
    topic === 'totalWins' ||
    HORSE_HINT.test(normalize(question))
  );
}
