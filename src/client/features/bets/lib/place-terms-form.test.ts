import type { Runner } from '@shared/race-result';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addBetDefaults, betPayload } from './add-bet-form';
import { editBetDefaults, editBetPayload } from './edit-bet-form';
import {
  checkPlaceTerms,
  EMPTY_PLACE_TERMS,
  eachWayPlaceOdds,
  eachWaySplit,
  type PlaceTermsValues,
  placeTermsPayload,
} from './place-terms-form';
import { pickedRunner, runnerFields, runnerLabel } from './runner-pick';
import { testBet } from './test-bet';

const terms = (over: Partial<PlaceTermsValues> = {}): PlaceTermsValues => ({ ...EMPTY_PLACE_TERMS, ...over });
const messages = (v: PlaceTermsValues, types: ('win' | 'place' | 'each-way')[]) =>
  z
    .object({})
    .passthrough()
    .superRefine((_, ctx) => checkPlaceTerms(v, types, ctx))
    .safeParse({})
    .error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('each-way terms in the bet forms', () => {
  it("checks places, divisor and place odds with the server's messages, only when a part needs them", () => {
    const bad = terms({ placePlaces: '9', placeDivisor: '', placeOdds: '-2' });
    expect(messages(bad, ['win'])).toEqual([]);
    expect(messages(bad, ['each-way'])).toEqual([
      'placePlaces: Places must be a whole number from 1 to 8',
      'placeDivisor: Divisor must be a whole number from 1 to 6',
      'placeOdds: Place odds must be a positive number',
    ]);
    // A place bet has no fixed place price of its own: its odds are the place odds.
    expect(messages(bad, ['place'])).toHaveLength(2);
    expect(messages(terms(), ['each-way'])).toEqual([]);
  });

  it('sends the terms when the race knows its field or the user changed them, and the place price', () => {
    expect(placeTermsPayload(terms(), ['win'], true)).toEqual({});
    expect(placeTermsPayload(terms(), ['each-way'], false)).toEqual({});
    expect(placeTermsPayload(terms(), ['each-way'], true)).toEqual({ placeTerms: { places: 3, divisor: 5 } });
    expect(
      placeTermsPayload(
        terms({ placePlaces: '2', placeDivisor: '4', placeTermsEdited: true, placeOdds: '1.9' }),
        ['each-way'],
        false,
      ),
    ).toEqual({ placeTerms: { places: 2, divisor: 4 }, placeOdds: 1.9 });
    expect(placeTermsPayload(terms({ placeOdds: '1.9' }), ['place'], true)).toEqual({
      placeTerms: { places: 3, divisor: 5 },
    });
  });

  it('splits an each-way stake in halves', () => {
    expect(eachWaySplit('10')).toEqual({ win: 5, place: 5 });
    expect(eachWaySplit('0.05')).toEqual({ win: 0.025, place: 0.025 });
    expect(eachWaySplit('')).toBeNull();
    expect(eachWaySplit('1.234')).toBeNull();
  });

  it('gives the place half its odds: a fraction of the win odds, or the fixed place price', () => {
    expect(eachWayPlaceOdds('5', terms({ placeDivisor: '4' }))).toBe(2);
    expect(eachWayPlaceOdds('6', terms())).toBe(2);
    expect(eachWayPlaceOdds('6', terms({ placeOdds: '2.4' }))).toBe(2.4);
    expect(eachWayPlaceOdds('x', terms())).toBeNull();
    expect(eachWayPlaceOdds('5', terms({ placeDivisor: '9' }))).toBeNull();
  });
});

describe('picking a runner', () => {
  const runner: Runner = {
    number: 4,
    horse: 'Winx',
    jockey: 'H. Bowman',
    trainer: 'C. Waller',
    weight: '57kg',
    draw: 7,
    silkColor: 'Pink and green',
  };
  const bare: Runner = {
    number: null,
    horse: 'Nameless',
    jockey: null,
    trainer: null,
    weight: null,
    draw: null,
    silkColor: null,
  };

  it('fills the horse, number, jockey, trainer, weight, barrier from the draw, and silk', () => {
    expect(runnerFields(runner)).toEqual({
      horseName: 'Winx',
      horseNumber: '4',
      jockey: 'H. Bowman',
      trainer: 'C. Waller',
      weight: '57kg',
      barrier: '7',
      silkColor: 'Pink and green',
    });
    expect(runnerFields(bare)).toMatchObject({ horseNumber: '', barrier: '', jockey: '' });
  });

  it('labels runners as a race card does and finds the one the form holds', () => {
    expect(runnerLabel(runner)).toBe('4 · Winx (H. Bowman)');
    expect(runnerLabel(bare)).toBe('Nameless');
    expect(pickedRunner([bare, runner], 'Winx', '4')).toBe('1');
    expect(pickedRunner([bare, runner], 'Winx', '5')).toBe('');
    expect(pickedRunner([bare, runner], 'Nameless', '')).toBe('0');
  });
});

describe('terms in the Add Bet and Edit Bet payloads', () => {
  const now = new Date('2025-03-01T02:00:00.000Z');
  const add = {
    ...addBetDefaults(10),
    memberId: '3',
    customRace: false,
    raceId: '7',
    horseName: 'Winx',
    odds: '5',
  };

  it('adds the terms of an each-way bet when the race knows its field, and a changed place price', () => {
    expect(betPayload({ ...add, betType: 'each-way' }, 7, now, true)).toMatchObject({
      betType: 'each-way',
      placeTerms: { places: 3, divisor: 5 },
    });
    expect(betPayload({ ...add, betType: 'each-way' }, 7, now, false)).not.toHaveProperty('placeTerms');
    expect(betPayload({ ...add, betType: 'win' }, 7, now, true)).not.toHaveProperty('placeTerms');
    // A two-part bet with a place part carries the terms for both parts.
    expect(
      betPayload(
        { ...add, secondBetType: 'each-way', placeOdds: '1.5', placePlaces: '2', placeTermsEdited: true },
        7,
        now,
      ),
    ).toMatchObject({ placeTerms: { places: 2, divisor: 5 }, placeOdds: 1.5 });
  });

  it('edits keep a bet’s stored terms and follow the race default otherwise', () => {
    const stored = testBet({ betType: 'each-way', placeTerms: { places: 2, divisor: 4 }, placeOdds: 1.8 });
    const values = editBetDefaults(stored, { places: 3, divisor: 5 });
    expect(values).toMatchObject({
      placePlaces: '2',
      placeDivisor: '4',
      placeOdds: '1.8',
      placeTermsEdited: true,
    });
    expect(editBetPayload(stored, values)).toMatchObject({
      placeTerms: { places: 2, divisor: 4 },
      placeOdds: 1.8,
    });
    const plain = testBet({ betType: 'each-way' });
    const followed = editBetDefaults(plain, { places: 2, divisor: 4 });
    expect(followed).toMatchObject({ placePlaces: '2', placeDivisor: '4', placeTermsEdited: false });
    expect(editBetPayload(plain, followed)).not.toHaveProperty('placeTerms');
    expect(editBetPayload(plain, followed, true)).toMatchObject({ placeTerms: { places: 2, divisor: 4 } });
  });
});
