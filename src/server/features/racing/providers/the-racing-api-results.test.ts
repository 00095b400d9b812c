// Reading The Racing API's results and runners (pure): positions, tote dividends, non-runners,
// weights, and results that cannot be read.
import { describe, expect, it } from 'vitest';
import { fakeResult } from '../../../test/fake-racing-api';
import {
  finishingPosition,
  mapResult,
  nonRunnerNames,
  resultSchema,
  toteAmounts,
} from './the-racing-api-results';
import { mapRunner } from './the-racing-api-runners';

const read = (raw: unknown) => mapResult(resultSchema.parse(raw), 'theracingapi:');

describe('The Racing API results', () => {
  it('reads finishing positions, dead heats marked with "=" either side, and non-finishers', () => {
    const cases: [unknown, number | null][] = [
      ['1', 1],
      ['=3', 3],
      ['3=', 3],
      [2, 2],
      [' 12 ', 12],
      ['PU', null],
      ['F', null],
      ['UR', null],
      ['0', null],
      ['100', null],
      ['', null],
      [null, null],
    ];
    for (const [position, expected] of cases)
      expect(finishingPosition({ position }), String(position)).toBe(expected);
  });

  it('reads tote dividends per 1 unit, dropping what cannot be odds', () => {
    expect(toteAmounts('£4.20')).toEqual([4.2]);
    expect(toteAmounts('£1.60 £1.90 £2.50')).toEqual([1.6, 1.9, 2.5]);
    expect(toteAmounts('€1,234.50')).toEqual([1234.5]);
    expect(toteAmounts('£0.00 £1.234 £20000.00')).toEqual([]);
    expect(toteAmounts('')).toEqual([]);
    expect(toteAmounts(null)).toEqual([]);
  });

  it('reads non-runners from the text, reasons and country suffixes dropped', () => {
    expect(nonRunnerNames("Hotel (GB) (vet's certificate), Other Horse (self certificate)")).toEqual([
      'Hotel',
      'Other Horse',
    ]);
    expect(nonRunnerNames('Solo, ')).toEqual(['Solo']);
    expect(nonRunnerNames('')).toEqual([]);
  });

  it('maps a result: dead heats share a position, place dividends only when the places can be told apart', () => {
    const deadHeatForSecond = read(
      fakeResult(
        'rac_9',
        '2031-06-12',
        [
          [1, 'Alpha', '1'],
          [2, 'Bravo', '=2'],
          [3, 'Charlie', '2='],
          [4, 'Delta', 'PU'],
        ],
        { tote_win: '£3.00', tote_pl: '£1.50 £2.00', non_runners: 'Echo (IRE) (going), Alpha (late change)' },
      ),
    );
    expect(deadHeatForSecond).toMatchObject({
      externalId: 'theracingapi:rac_9',
      result: {
        finishers: [
          { position: 1, horseName: 'Alpha', horseNumber: 1 },
          { position: 2, horseName: 'Bravo', horseNumber: 2 },
          { position: 2, horseName: 'Charlie', horseNumber: 3 },
        ],
        // Alpha ran, whatever the text says.
        nonRunners: [{ horseName: 'Echo', horseNumber: null }],
        // Who of Bravo and Charlie had the £2.00 is unknown: the winner's dividends only.
        dividends: [{ horseName: 'Alpha', horseNumber: 1, win: 3, place: null }],
        rule4: null,
        placesPaid: null,
      },
    });
    if (typeof deadHeatForSecond === 'string') throw new Error(deadHeatForSecond);
    expect(deadHeatForSecond.ran.map((r) => r.horse)).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta']);
  });

  it('tells a race without finishers from a result that cannot be read', () => {
    expect(read(fakeResult('rac_a', '2031-06-12', [[1, 'Alpha', 'PU']]))).toBe('unfinished');
    expect(read(fakeResult('rac_b', '2031-06-12', []))).toBe('unfinished');
    const sameNumber = fakeResult('rac_c', '2031-06-12', [
      [1, 'Alpha', '1'],
      [1, 'Bravo', '2'],
    ]);
    expect(read(sameNumber)).toBe('invalid');
  });
});

describe('The Racing API runners', () => {
  it('maps weights, numbers and silks strictly; a runner without a horse is dropped', () => {
    expect(
      mapRunner({ horse: 'A', number: '7', draw: '12', lbs: '133', silk_url: 'https://x.test/s.svg' }),
    ).toEqual({
      number: 7,
      horse: 'A',
      jockey: null,
      trainer: null,
      weight: '9st 7lb',
      draw: 12,
      silkColor: 'https://x.test/s.svg',
    });
    expect(
      mapRunner({ horse: 'B', number: '1a', draw: '-1', weight: '10-0', silk_url: 'http://x.test/s.svg' }),
    ).toMatchObject({
      number: null,
      draw: null,
      weight: '10st 0lb',
      silkColor: null,
    });
    expect(mapRunner({ horse: 'C', weight: '57kg', jockey: 7 })).toMatchObject({
      weight: '57kg',
      jockey: '7',
    });
    expect(mapRunner({ horse: '  ', number: '1' })).toBeNull();
    expect(mapRunner({ horse: 'Bad\u0000Name' })).toBeNull();
    expect(mapRunner('not a runner')).toBeNull();
  });
});
