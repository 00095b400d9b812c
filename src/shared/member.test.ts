import { describe, expect, it } from 'vitest';
import { createMemberSchema, idParamSchema, updateMemberSchema } from './member';

const base = { name: 'Carol Ann Smith', email: 'carol@example.test', role: 'member' };

describe('createMemberSchema', () => {
  it('derives initials from the name when absent or blank, upper-cases typed ones, defaults isActive', () => {
    expect(createMemberSchema.parse(base)).toEqual({ ...base, initials: 'CAS', isActive: true });
    expect(createMemberSchema.parse({ ...base, name: 'john', initials: ' ' }).initials).toBe('J');
    expect(createMemberSchema.parse({ ...base, initials: 'ab', isActive: false })).toMatchObject({
      initials: 'AB',
      isActive: false,
    });
  });

  it('gives the spec’s messages', () => {
    const message = (input: object) =>
      createMemberSchema.safeParse({ ...base, ...input }).error?.issues[0]?.message;
    expect(message({ name: 'A' })).toBe('Name must be at least 2 characters');
    expect(message({ email: 'carol' })).toBe('Invalid email address');
    expect(message({ initials: 'ABCD' })).toBe('Initials must be at most 3 characters');
    expect(message({ role: undefined })).toBe('Role is required');
  });
});

describe('updateMemberSchema', () => {
  it('takes any subset and refuses blank initials', () => {
    expect(updateMemberSchema.parse({})).toEqual({});
    expect(updateMemberSchema.parse({ initials: 'xy' })).toEqual({ initials: 'XY' });
    expect(updateMemberSchema.safeParse({ initials: ' ' }).error?.issues[0]?.message).toBe(
      'Initials are required',
    );
  });
});

describe('idParamSchema', () => {
  it('reads positive ids; ids beyond int4 become 0 (no such row) rather than overflowing', () => {
    expect(idParamSchema.parse('42')).toBe(42);
    expect(idParamSchema.parse('2147483647')).toBe(2147483647);
    expect(idParamSchema.parse('2147483648')).toBe(0);
    expect(idParamSchema.parse('9'.repeat(40))).toBe(0);
    for (const bad of ['0', '-1', '1.5', 'abc', '', '01'])
      expect(idParamSchema.safeParse(bad).success).toBe(false);
  });
});
