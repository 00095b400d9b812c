import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES } from '@shared/audit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL, type AuditFilters, filtersFromSearch, NO_FILTERS, searchFromFilters } from './audit-url';

describe('the Audit tab’s filters in the address', () => {
  it('reads what it wrote, for any filters', () => {
    const day = fc
      .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    const filters: fc.Arbitrary<AuditFilters> = fc
      .record({
        action: fc.constantFrom(ALL, ...AUDIT_ACTIONS),
        entityType: fc.constantFrom(ALL, ...AUDIT_ENTITY_TYPES),
        member: fc.oneof(fc.constant(ALL), fc.integer({ min: 1, max: 99_999 }).map(String)),
        from: fc.oneof(fc.constant(''), day),
        to: fc.oneof(fc.constant(''), day),
        entity: fc.option(
          fc.record({
            type: fc.constantFrom(...AUDIT_ENTITY_TYPES),
            id: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
          }),
          { nil: null },
        ),
      })
      // A row's history names its own entity type; the select then shows that type.
      .map((f) => (f.entity ? { ...f, entityType: ALL } : f));
    fc.assert(
      fc.property(filters, (f) => {
        expect(filtersFromSearch(searchFromFilters(f))).toEqual(f);
      }),
    );
  });

  it('writes only the filters that are set', () => {
    expect(searchFromFilters(NO_FILTERS)).toBe('view=audit');
    expect(searchFromFilters({ ...NO_FILTERS, action: 'bet.updated', member: '4', from: '2026-11-01' })).toBe(
      'view=audit&action=bet.updated&member=4&from=2026-11-01',
    );
    expect(searchFromFilters({ ...NO_FILTERS, entity: { type: 'bet', id: 12 } })).toBe(
      'view=audit&entity=bet&id=12',
    );
  });

  it('ignores what it does not know rather than sending it to the API', () => {
    expect(
      filtersFromSearch('view=audit&action=bet.stolen&entity=planet&member=-1&from=yesterday&to=2026-13'),
    ).toEqual(NO_FILTERS);
    expect(filtersFromSearch('entity=bet&id=0x1')).toEqual({ ...NO_FILTERS, entityType: 'bet' });
  });
});
