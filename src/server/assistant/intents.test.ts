import { describe, expect, it } from 'vitest';
import { ambiguous } from './answers';
import { editDistance, resolveName, wordMatch } from './fuzzy';
import { classify, type Intent, type Known } from './intents';
import { findPhrase } from './phrases';

const known: Known = {
  members: [
    { id: 1, name: 'Carol Smith' },
    { id: 2, name: 'Bob Jones' },
    { id: 3, name: 'Will Turner' },
    { id: 4, name: 'Kate Ng' },
    { id: 5, name: 'Heather Lee' },
  ],
  horses: ['Phar Lap', 'Winx', 'Black Caviar', 'Might And Power'],
  selfId: 2,
};

const cases: [Intent, string[]][] = [
  [{ kind: 'help' }, ['help', 'What can you do?', 'what can I ask', 'Help me please']],
  [{ kind: 'greeting' }, ['Hi', 'hello there', "G'day", 'thanks!']],
  [
    { kind: 'rotation', memberId: null },
    [
      'Who is up next?',
      "who's up next",
      'Whose turn is it?',
      'who bets next',
      'next punter?',
      'Show the rotation',
    ],
  ],
  [{ kind: 'rotation', memberId: 1 }, ["When is Carol's turn?", 'is carol up next', 'when is Crol next up']],
  [{ kind: 'rotation', memberId: 2 }, ['When is my turn?', 'am I up next?']],
  [
    { kind: 'races' },
    ['What are the next races?', 'When is the next race?', 'upcoming meetings', 'show the calendar'],
  ],
  [
    { kind: 'balance' },
    ["What's our balance?", 'How much money do we have', 'are we in the black?', 'profit?'],
  ],
  [{ kind: 'winRate' }, ["What's our win rate?", 'strike rate', 'what percentage of bets win']],
  [{ kind: 'totalWins' }, ['How many wins do we have?', 'total wins', 'how many winners']],
  [{ kind: 'summary' }, ['stats', 'How is the syndicate going?', 'give me an overview']],
  [
    { kind: 'top' },
    ['Who are the top performers?', 'leaderboard', 'who is the best punter', 'show rankings'],
  ],
  [
    { kind: 'memberRecord', memberId: 1 },
    [
      'How is Carol going?',
      'how is carol doing',
      "Carol's record",
      'carol?',
      'How is Carrol going',
      'caro stats',
      'tell me about Carol Smith',
    ],
  ],
  [{ kind: 'memberRecord', memberId: 3 }, ['How is Will going?', 'will turner record']],
  [{ kind: 'memberRecord', memberId: 2 }, ['How am I going?', "What's my win rate?", 'where do I rank']],
  [
    { kind: 'pending', memberId: null },
    ['Which bets are pending?', 'any open bets', 'outstanding bets', 'bets not settled'],
  ],
  [{ kind: 'pending', memberId: 1 }, ["Carol's pending bets", 'does carol have open bets']],
  [
    { kind: 'horse', horse: 'Phar Lap' },
    ['What bets do we have on Phar Lap?', 'phar lap', 'how did phar lap go', 'bets on Phar Lop'],
  ],
  [{ kind: 'horse', horse: 'Black Caviar' }, ['black caviar?', 'any bets on the horse Blak Caviar']],
  [
    { kind: 'reminders' },
    ['Any reminders due?', 'what is overdue', 'show reminders', 'what do I need to do, any tasks?'],
  ],
  [
    { kind: 'subscription', memberId: 1 },
    ["What's Carol's subscription?", 'is Carol paid up', 'when does carol smith membership expire'],
  ],
  [{ kind: 'subscription', memberId: 2 }, ['my subscription', 'What plan am I on?']],
  [
    { kind: 'bank' },
    [
      'How much is in the bank?',
      "what's in the kitty",
      'how much cash is available',
      'bank balance',
      'how much have we paid out',
    ],
  ],
  [
    { kind: 'bankMember', memberId: 2 },
    [
      "What's my balance?",
      'my share',
      "what's my share of the pot",
      'how much do I have in the bank',
      'how much have I put in',
    ],
  ],
  [
    { kind: 'bankMember', memberId: 1 },
    ["Carol's balance", "What is Carol's share?", 'how much has Carrol put in', 'carol smith bank balance'],
  ],
  [{ kind: 'dues', memberId: 2 }, ['What do I owe?', 'do I owe anything', 'my dues', 'am I in arrears']],
  [{ kind: 'dues', memberId: null }, ['Who owes dues?', 'who owes money', 'unpaid dues', 'dues']],
  [{ kind: 'dues', memberId: 1 }, ['What does Carol owe?', 'does carol owe dues', "Carol's dues"]],
  [{ kind: 'unknown' }, ['Tell me a joke', 'What is the weather like?', 'asdfgh', 'I like turtles']],
];

describe('classify: each intent, several phrasings', () => {
  for (const [intent, phrasings] of cases) {
    for (const q of phrasings) {
      it(`"${q}" → ${JSON.stringify(intent)}`, () => {
        expect(classify(q, known)).toEqual(intent);
      });
    }
  }

  it('asks which member when a name fits two equally', () => {
    const two: Known = { ...known, members: [...known.members, { id: 9, name: 'Carol Brown' }] };
    expect(classify('How is Carol going?', two)).toEqual({
      kind: 'ambiguous',
      names: ['Carol Smith', 'Carol Brown'],
    });
    expect(classify('How is Carol Brown going?', two)).toEqual({ kind: 'memberRecord', memberId: 9 });
    expect(ambiguous(['Carol Smith', 'Carol Brown'])).toBe(
      'Did you mean "Carol Smith" or "Carol Brown"? Please use the full name.',
    );
  });

  it('keeps the syndicate\'s betting balance for "our balance", and records for results', () => {
    expect(classify("What's our balance?", known)).toEqual({ kind: 'balance' });
    expect(classify("What's Carol's win rate?", known)).toEqual({ kind: 'memberRecord', memberId: 1 });
    expect(classify('is Carol paid up', known)).toEqual({ kind: 'subscription', memberId: 1 });
  });

  it('asks which member for the bank and dues too when a name fits two', () => {
    const two: Known = { ...known, members: [...known.members, { id: 9, name: 'Carol Brown' }] };
    for (const q of ["Carol's balance", 'What does Carol owe?', "Carol's share"]) {
      expect(classify(q, two), q).toEqual({ kind: 'ambiguous', names: ['Carol Smith', 'Carol Brown'] });
    }
  });

  it('needs no horse list for questions that do not name one', () => {
    expect(classify('Who is up next?', { ...known, horses: null })).toEqual({
      kind: 'rotation',
      memberId: null,
    });
  });
});

describe('fuzzy matching', () => {
  it('measures Damerau-Levenshtein distance (swaps cost 1)', () => {
    expect(editDistance('carol', 'carol')).toBe(0);
    expect(editDistance('carol', 'caorl')).toBe(1);
    expect(editDistance('carol', 'karol')).toBe(1);
    expect(editDistance('carol', 'carl')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });

  it('matches exact, prefixes of 3+ letters and small typos keeping the first letter', () => {
    expect(wordMatch('carol', 'carol')).toBe(0);
    expect(wordMatch('car', 'carol')).toBe(1);
    expect(wordMatch('ca', 'carol')).toBeNull();
    expect(wordMatch('caorl', 'carol')).toBe(3);
    expect(wordMatch('karol', 'carol')).toBeNull();
    expect(wordMatch('weather', 'heather')).toBeNull();
    expect(wordMatch('bob', 'rob')).toBeNull();
  });

  it('resolves names forgivingly and never from common words', () => {
    expect(resolveName('HOW IS CAROL GOING', known.members)).toEqual({ kind: 'one', item: known.members[0] });
    expect(resolveName('what is the rate', known.members)).toEqual({ kind: 'none' });
    expect(resolveName('and the weather', known.members)).toEqual({ kind: 'none' });
  });

  it('finds multi-word phrases with a typo allowance by length', () => {
    expect(findPhrase('bets on phar lap please', 'Phar Lap')).toBe(0);
    expect(findPhrase('bets on pharlap', 'Phar Lap')).toBe(1);
    expect(findPhrase('bets on Might and Powr', 'Might And Power')).toBe(1);
    expect(findPhrase('bets on winks', 'Winx')).toBeNull();
  });
});

describe('typos among many look-alike names (bounded matching keeps its quality)', () => {
  // 2,000 horses of two or three words, all starting with "s", as a busy syndicate might have.
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let seed = 7;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const wordOf = (length: number) =>
    `S${Array.from({ length: length - 1 }, () => letters[Math.floor(random() * 26)]).join('')}`;
  const horses = Array.from({ length: 2000 }, (_, i) =>
    Array.from({ length: 2 + (i % 2) }, () => wordOf(5 + Math.floor(random() * 5))).join(' '),
  );
  const many: Known = { ...known, horses: [...known.horses!, ...horses] };
  const target = horses[1234] ?? '';
  const [first = '', second = ''] = target.split(' ');
  const edits: [string, string][] = [
    [
      'one letter changed',
      `${first} ${second.slice(0, 2)}${second[2] === 'x' ? 'y' : 'x'}${second.slice(3)}`,
    ],
    ['one letter dropped', `${first} ${second.slice(0, 3)}${second.slice(4)}`],
    ['one letter added', `${first} ${second.slice(0, 3)}e${second.slice(3)}`],
    ['two letters swapped', `${first.slice(0, 2)}${first[3]}${first[2]}${first.slice(4)} ${second}`],
    ['the space dropped', `${first}${second}`],
  ];
  for (const [what, typo] of edits) {
    it(`finds "${target}" with ${what}: "${typo}"`, () => {
      expect(classify(`bets on ${typo}`, many)).toEqual({ kind: 'horse', horse: target });
    });
  }

  it('finds a long name with two typos, and the well-known ones still', () => {
    const long = 'Sunline Supreme Star';
    const withLong: Known = { ...many, horses: [...(many.horses ?? []), long] };
    expect(classify('bets on Sunlin Supreme Starr', withLong)).toEqual({ kind: 'horse', horse: long });
    expect(classify('any bets on the horse Blak Caviar', withLong)).toEqual({
      kind: 'horse',
      horse: 'Black Caviar',
    });
  });

  it('finds members with one or two typos among 500 look-alikes', () => {
    const members = [
      ...known.members,
      ...Array.from({ length: 500 }, (_, i) => ({ id: 100 + i, name: `${wordOf(6)} ${wordOf(8)}` })),
    ];
    const crowd: Known = { ...known, members };
    expect(classify('How is Carrol going?', crowd)).toEqual({ kind: 'memberRecord', memberId: 1 });
    expect(classify('How is Heahter Lee going?', crowd)).toEqual({ kind: 'memberRecord', memberId: 5 });
    const someone = members[321] ?? { id: 0, name: '' };
    const [given = '', family = ''] = someone.name.split(' ');
    const typo = `${given} ${family.slice(0, 2)}${family[3]}${family[2]}${family.slice(4, -1)}`;
    expect(classify(`How is ${typo} going?`, crowd)).toEqual({ kind: 'memberRecord', memberId: someone.id });
  });
});
