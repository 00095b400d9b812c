import { describe, expect, it } from 'vitest';
import { boundedError, LOG_TEXT_MAX } from './log-serializers';

describe('boundedError (the log serializer of errors)', () => {
  it('cuts a huge message and stack to a few kilobytes, keeping the code and the cause', () => {
    const params = Array.from({ length: 200_000 }, (_, i) => i).join(',');
    const cause = Object.assign(new Error('canceling statement due to user request'), { code: '57014' });
    const error = new Error(`Failed query: insert into bank_entries …\nparams: ${params}`, { cause });
    expect(error.message.length).toBeGreaterThan(1_000_000);

    const logged = boundedError(error);
    expect(logged.type).toBe('Error');
    expect(logged.message!.length).toBeLessThan(LOG_TEXT_MAX + 50);
    expect(logged.message).toMatch(/^Failed query: insert into bank_entries/);
    expect(logged.message).toMatch(/… \(\d+ more characters\)$/);
    expect(logged.stack!.length).toBeLessThan(LOG_TEXT_MAX + 50);
    expect(logged.cause).toMatchObject({ message: 'canceling statement due to user request', code: '57014' });
    expect(JSON.stringify(logged).length).toBeLessThan(3 * LOG_TEXT_MAX);
  });

  it('leaves a short error whole', () => {
    const error = new TypeError('bad');
    expect(boundedError(error)).toEqual({ type: 'TypeError', message: 'bad', stack: error.stack });
  });
});
