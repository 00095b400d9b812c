import { describe, expect, it } from 'vitest';
import { CALENDAR_APPS, webcalUrl } from './calendar-feed';

describe('webcalUrl', () => {
  it('swaps http(s) for webcal and keeps the rest', () => {
    expect(webcalUrl('https://club.example/api/calendar/abc_-1.ics')).toBe(
      'webcal://club.example/api/calendar/abc_-1.ics',
    );
    expect(webcalUrl('http://127.0.0.1:5000/api/calendar/x.ics')).toBe(
      'webcal://127.0.0.1:5000/api/calendar/x.ics',
    );
  });

  it('answers null for anything else', () => {
    expect(webcalUrl('ftp://club.example/x.ics')).toBeNull();
    expect(webcalUrl('')).toBeNull();
  });
});

describe('CALENDAR_APPS', () => {
  it('has one line each for Google, Apple and Outlook', () => {
    expect(CALENDAR_APPS.map((a) => a.app)).toEqual(['Google Calendar', 'Apple Calendar', 'Outlook']);
  });
});
