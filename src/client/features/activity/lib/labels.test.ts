import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES } from '@shared/audit';
import { describe, expect, it } from 'vitest';
import { ACTION_LABELS, ACTION_OPTIONS, actionTone, ENTITY_TYPE_LABELS, ENTITY_TYPE_OPTIONS } from './labels';

describe('action labels', () => {
  it("offers every shared action once, in the shared list's order, with a readable label", () => {
    expect(ACTION_OPTIONS.map((o) => o.value)).toEqual([...AUDIT_ACTIONS]);
    for (const o of ACTION_OPTIONS) {
      expect(o.label).toBe(ACTION_LABELS[o.value]);
      expect(o.label).toMatch(/^[A-Z][a-z]/); // a phrase, not 'bet.updated'
      expect(o.label).not.toContain('.');
      expect(o.label).not.toContain('_');
    }
    expect(new Set(ACTION_OPTIONS.map((o) => o.label)).size).toBe(AUDIT_ACTIONS.length);
  });

  it('says what happened in plain words', () => {
    expect(ACTION_LABELS['bet.updated']).toBe('Bet changed');
    expect(ACTION_LABELS['bet.settled']).toBe('Bet settled');
    expect(ACTION_LABELS['member.joined']).toBe('Member joined');
    expect(ACTION_LABELS['bank.contribution']).toBe('Bank contribution');
  });

  it('colours money, settlements and removals apart', () => {
    expect(actionTone('bank.payout')).toBe('money');
    expect(actionTone('bet.settled')).toBe('settled');
    expect(actionTone('bet.unsettled')).toBe('settled');
    expect(actionTone('member.archived')).toBe('removed');
    expect(actionTone('calendar_feed.revoked')).toBe('removed');
    expect(actionTone('bet.created')).toBe('neutral');
  });
});

describe('entity type labels', () => {
  it('offers every shared entity type in order', () => {
    expect(ENTITY_TYPE_OPTIONS.map((o) => o.value)).toEqual([...AUDIT_ENTITY_TYPES]);
    expect(ENTITY_TYPE_LABELS.bank_entry).toBe('Bank entry');
    expect(ENTITY_TYPE_LABELS.calendar_feed).toBe('Calendar feed');
  });
});
