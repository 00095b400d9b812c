import { RESULT_MESSAGES, type StoredRaceResult } from '@shared/race-result';
import { describe, expect, it } from 'vitest';
import {
  emptyFinisher,
  emptyHorse,
  type FinisherRowValues,
  nextPosition,
  pickRunner,
  type ResultFormValues,
  readResultForm,
  resultFormDefaults,
  runnerIndex,
  serverErrors,
  toResultRequest,
} from './result-form';

const finisher = (position: string, horseName: string, over: Partial<FinisherRowValues> = {}) => ({
  ...emptyFinisher(position),
  horseName,
  ...over,
});

const form = (over: Partial<ResultFormValues> = {}): ResultFormValues => ({
  finishers: [],
  nonRunners: [],
  placesPaid: '',
  rule4: '',
  ...over,
});

const runner = (number: number | null, horse: string) => ({
  number,
  horse,
  jockey: null,
  trainer: null,
  weight: null,
  draw: null,
  silkColor: null,
});

describe('Enter result form → POST /api/races/:id/result body', () => {
  it('sends a dead heat as two finishers at one position, with dividends, non-runners, places and Rule 4', () => {
    const values = form({
      finishers: [
        finisher('1', ' Alpha ', { horseNumber: '4', win: '4.4' }),
        finisher('1', 'Bravo', { place: '1.6' }),
        finisher('3', 'Charlie'),
        finisher('4', ''), // blank: left out
      ],
      nonRunners: [{ ...emptyHorse(), horseName: 'Scratched' }, emptyHorse()],
      placesPaid: '4',
      rule4: ' 10 ',
    });
    expect(toResultRequest(values).body).toEqual({
      finishers: [
        { position: 1, horseName: 'Alpha', horseNumber: 4 },
        { position: 1, horseName: 'Bravo' },
        { position: 3, horseName: 'Charlie' },
      ],
      nonRunners: [{ horseName: 'Scratched' }],
      dividends: [
        { horseName: 'Alpha', horseNumber: 4, win: 4.4 },
        { horseName: 'Bravo', place: 1.6 },
      ],
      placesPaid: 4,
      rule4: 10,
    });
    const reading = readResultForm(values);
    expect(reading.kind).toBe('ready');
    if (reading.kind === 'ready') {
      expect(reading.values.finishers.filter((f) => f.position === 1)).toHaveLength(2);
      expect(reading.values.placesPaid).toBe(4);
    }
  });

  it('leaves places paid and Rule 4 out when blank; a horse by number alone is enough', () => {
    const { body } = toResultRequest(form({ finishers: [finisher('1', '', { horseNumber: '7' })] }));
    expect(body).toEqual({ finishers: [{ position: 1, horseNumber: 7 }], nonRunners: [], dividends: [] });
  });

  it("puts the server's messages on the rows they belong to, counting the blank rows it skipped", () => {
    const values = form({
      finishers: [
        finisher('1', ''), // blank: skipped, so the next row is body.finishers[0]
        finisher('x', 'Alpha'),
        finisher('3', '', { win: '2' }), // a dividend without a horse
      ],
      nonRunners: [{ ...emptyHorse(), horseNumber: '0' }],
      placesPaid: '9',
      rule4: '3',
    });
    const reading = readResultForm(values);
    expect(reading.kind).toBe('invalid');
    if (reading.kind !== 'invalid') return;
    expect(reading.errors).toMatchObject({
      'finishers.1.position': RESULT_MESSAGES.position,
      'finishers.2': RESULT_MESSAGES.horseRequired,
      'nonRunners.0': 'Horse number must be at least 1',
      placesPaid: RESULT_MESSAGES.placesPaid,
      rule4: RESULT_MESSAGES.rule4,
    });
  });

  it('refuses the same horse twice (by name, ignoring case), once the rest is valid', () => {
    const reading = readResultForm(
      form({ finishers: [emptyFinisher(1), finisher('1', 'Alpha'), finisher('2', 'ALPHA')] }),
    );
    expect(reading.kind === 'invalid' && reading.errors).toEqual({
      'finishers.2': RESULT_MESSAGES.sameHorseTwice,
    });
  });

  it('asks for the winner when every row is blank', () => {
    const reading = readResultForm(form({ finishers: [emptyFinisher(1), emptyFinisher(2)] }));
    expect(reading.kind === 'invalid' && reading.errors.finishers).toBe(RESULT_MESSAGES.finishersRequired);
  });

  it('maps a 400 answer (dotted paths) onto the fields; one without paths becomes the form message', () => {
    const values = form({
      finishers: [emptyFinisher(1), finisher('1', 'Alpha', { place: '0' })],
      placesPaid: '2',
    });
    const request = toResultRequest(values);
    expect(
      serverErrors(
        request,
        [
          { path: 'finishers.0.position', message: 'Bad position' },
          { path: 'dividends.0.place', message: 'Place dividend must be a positive number' },
          { path: 'placesPaid', message: 'Bad places' },
          { path: '', message: 'Something else' },
        ],
        'Bad position',
      ),
    ).toEqual({
      'finishers.1.position': 'Bad position',
      'finishers.1.place': 'Place dividend must be a positive number',
      placesPaid: 'Bad places',
      form: 'Something else',
    });
    expect(serverErrors(request, undefined, 'Race not found')).toEqual({ form: 'Race not found' });
  });
});

describe('Enter result form: defaults, rows and runners', () => {
  it('starts a new result with a blank row per paid place (1 to 4 rows)', () => {
    expect(resultFormDefaults(null, 3).finishers.map((f) => f.position)).toEqual(['1', '2', '3']);
    expect(resultFormDefaults(null, 1).finishers).toHaveLength(1);
    expect(resultFormDefaults(null, 8).finishers).toHaveLength(4);
  });

  it('pre-fills a correction from the stored result, dividends on their finishers', () => {
    const stored: StoredRaceResult = {
      finishers: [
        { position: 1, horseName: 'Alpha', horseNumber: 4 },
        { position: 1, horseName: 'Bravo', horseNumber: null },
      ],
      nonRunners: [{ horseName: null, horseNumber: 9 }],
      placesPaid: 2,
      dividends: [
        { horseName: null, horseNumber: 4, win: 3.2, place: null },
        { horseName: 'BRAVO', horseNumber: null, win: null, place: 1.5 },
      ],
      rule4: 15,
      enteredAt: '2030-01-01T00:00:00.000Z',
      source: 'manual',
    };
    const values = resultFormDefaults(stored, 3);
    expect(values.finishers.map(({ key: _k, ...rest }) => rest)).toEqual([
      { position: '1', horseName: 'Alpha', horseNumber: '4', win: '3.2', place: '' },
      { position: '1', horseName: 'Bravo', horseNumber: '', win: '', place: '1.5' },
    ]);
    expect(values.nonRunners.map(({ key: _k, ...rest }) => rest)).toEqual([
      { horseName: '', horseNumber: '9' },
    ]);
    expect(values).toMatchObject({ placesPaid: '2', rule4: '15' });
    // Posting it unchanged sends the same result.
    expect(toResultRequest(values).body).toEqual({
      finishers: [
        { position: 1, horseName: 'Alpha', horseNumber: 4 },
        { position: 1, horseName: 'Bravo' },
      ],
      nonRunners: [{ horseNumber: 9 }],
      dividends: [
        { horseName: 'Alpha', horseNumber: 4, win: 3.2 },
        { horseName: 'Bravo', place: 1.5 },
      ],
      placesPaid: 2,
      rule4: 15,
    });
  });

  it('numbers a new finisher after the last position; picking a runner fills name and number', () => {
    expect(nextPosition([])).toBe(1);
    expect(nextPosition([emptyFinisher(1), emptyFinisher(1), emptyFinisher('')])).toBe(2);
    const runners = [runner(1, 'Alpha'), runner(null, 'Bravo')];
    const row = pickRunner(emptyFinisher(2), runners[0]!);
    expect(row).toMatchObject({ position: '2', horseName: 'Alpha', horseNumber: '1' });
    expect(runnerIndex(runners, row)).toBe('0');
    expect(runnerIndex(runners, pickRunner(emptyHorse(), runners[1]!))).toBe('1');
    expect(runnerIndex(runners, { ...row, horseNumber: '5' })).toBe('');
  });
});
