import { createRaceSchema } from '@shared/race';
import { describe, expect, it } from 'vitest';
import { zonedIso } from '@/lib/format';
import { emptyRaceForm, raceFormSchema, TIME_SLOTS, toCreateRaceInput } from './add-race-form';

const sydney = (day: string, time: string) => zonedIso(day, time, 'Australia/Sydney');

describe('Add Race form', () => {
  it('offers 96 quarter-hour slots and defaults to today at 13:00', () => {
    expect(TIME_SLOTS).toHaveLength(96);
    expect(TIME_SLOTS[0]).toBe('00:00');
    expect(TIME_SLOTS[1]).toBe('00:15');
    expect(TIME_SLOTS.at(-1)).toBe('23:45');
    expect(emptyRaceForm('2025-06-01')).toMatchObject({ date: '2025-06-01', time: '13:00' });
  });

  it('gives the spec messages for the required fields', () => {
    const result = raceFormSchema.safeParse({ ...emptyRaceForm(''), time: '' });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((i) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Race name is required',
        'Venue is required',
        'Race date is required',
        'Race time is required',
      ]),
    );
  });

  it('sends empty optional fields as null and no customFields when none were added', () => {
    const values = { ...emptyRaceForm('2025-06-01'), name: ' Cup ', venue: 'Randwick' };
    const input = toCreateRaceInput(raceFormSchema.parse(values), sydney);
    expect(input).toEqual({
      name: 'Cup',
      venue: 'Randwick',
      date: '2025-06-01T03:00:00.000Z',
      description: null,
      meetingNumber: null,
      raceNumber: null,
      distance: null,
      raceType: null,
      trackCondition: null,
    });
    expect('customFields' in input).toBe(false);
    expect(createRaceSchema.safeParse(input).success).toBe(true);
  });

  it('sends advanced fields and custom fields when filled', () => {
    const values = {
      ...emptyRaceForm('2025-06-01'),
      name: 'Cup',
      venue: 'Randwick',
      time: '14:45',
      description: 'Group 1',
      meetingNumber: '2',
      raceNumber: '7',
      distance: '1600m',
      customFields: [{ key: 'Prize', value: '$1m' }],
    };
    const input = toCreateRaceInput(raceFormSchema.parse(values), sydney);
    expect(input).toMatchObject({
      date: '2025-06-01T04:45:00.000Z',
      description: 'Group 1',
      meetingNumber: 2,
      raceNumber: 7,
      distance: '1600m',
      customFields: { Prize: '$1m' },
    });
    expect(createRaceSchema.safeParse(input).success).toBe(true);
  });

  it('rejects a race number that is not a whole number and a blank custom field name', () => {
    const values = {
      ...emptyRaceForm('2025-06-01'),
      name: 'Cup',
      venue: 'Randwick',
      raceNumber: '1.5',
      customFields: [{ key: ' ', value: 'x' }],
    };
    const messages = raceFormSchema.safeParse(values).error?.issues.map((i) => i.message);
    expect(messages).toEqual(['Race number must be a whole number', 'Field name is required']);
  });
});
