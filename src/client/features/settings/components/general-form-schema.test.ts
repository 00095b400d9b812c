import { describe, expect, it } from 'vitest';
import type { SyndicateSettings } from '../api/get-settings';
import {
  generalFormSchema,
  SETTING_DEFAULTS,
  SHARE_BASIS_OPTIONS,
  settingsToForm,
  timeZoneOptions,
} from './general-form-schema';

const settings: SyndicateSettings = {
  syndicateName: 'Turf Club',
  defaultBetAmount: 50,
  currency: 'aud',
  rotationStrategy: 'random',
  timezone: 'Australia/Sydney',
  shareBasis: 'capital',
};

describe('share basis in the General form', () => {
  it('offers Equal and By capital, equal by default', () => {
    expect(SHARE_BASIS_OPTIONS).toEqual([
      { value: 'equal', label: 'Equal' },
      { value: 'capital', label: 'By capital' },
    ]);
    expect(SETTING_DEFAULTS.shareBasis).toBe('equal');
  });

  it('loads the saved basis, and equal from a server without the field', () => {
    expect(settingsToForm(settings, 'UTC').shareBasis).toBe('capital');
    const { shareBasis: _omitted, ...older } = settings;
    expect(settingsToForm(older as SyndicateSettings, 'UTC').shareBasis).toBe('equal');
  });

  it('sends only equal or capital', () => {
    const form = settingsToForm(settings, 'UTC');
    expect(generalFormSchema.parse(form)).toMatchObject({ shareBasis: 'capital' });
    expect(generalFormSchema.safeParse({ ...form, shareBasis: 'weighted' }).success).toBe(false);
  });
});

describe('the time zones offered', () => {
  const known = ['Africa/Abidjan', 'Australia/Sydney', 'Pacific/Auckland'];
  const values = (current: string, list: readonly string[] = known) =>
    timeZoneOptions(current, list).map((o) => o.value);

  it('offers UTC first whatever is chosen, though the browser does not list it', () => {
    expect(values('UTC')).toEqual(['UTC', ...known]);
    expect(values('Pacific/Auckland')).toEqual(['UTC', ...known]);
    expect(values('')).toEqual(['UTC', ...known]);
    expect(values('Pacific/Auckland', ['UTC', ...known])).toEqual(['UTC', ...known]);
  });

  it('keeps a saved zone the browser does not know, after UTC', () => {
    expect(values('Europe/Kyiv')).toEqual(['UTC', 'Europe/Kyiv', ...known]);
  });

  it('labels a zone with spaces for underscores', () => {
    expect(timeZoneOptions('UTC', ['America/New_York'])[1]).toEqual({
      value: 'America/New_York',
      label: 'America/New York',
    });
  });
});
