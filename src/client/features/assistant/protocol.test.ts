import { describe, expect, it } from 'vitest';
import { outgoing, parseServerMessage, socketUrl } from './protocol';

describe('assistant protocol (client)', () => {
  it('connects to /ws on the same host, secure when the page is', () => {
    expect(socketUrl({ protocol: 'http:', host: 'localhost:5000' })).toBe('ws://localhost:5000/ws');
    expect(socketUrl({ protocol: 'https:', host: 'club.example' })).toBe('wss://club.example/ws');
  });

  it('sends trimmed messages with an ISO timestamp, and nothing for blank ones', () => {
    const now = new Date('2030-01-02T03:04:05.000Z');
    expect(JSON.parse(outgoing('  Who is up next?  ', now) ?? '')).toEqual({
      type: 'message',
      content: 'Who is up next?',
      timestamp: '2030-01-02T03:04:05.000Z',
    });
    expect(outgoing('   ', now)).toBeNull();
    expect(outgoing('', now)).toBeNull();
  });

  it('reads answers, errors and malformed frames', () => {
    expect(
      parseServerMessage('{"type":"message","content":"Hi","timestamp":"2030-01-01T00:00:00.000Z"}'),
    ).toEqual({
      type: 'message',
      content: 'Hi',
      timestamp: '2030-01-01T00:00:00.000Z',
    });
    expect(parseServerMessage('{"type":"error","content":"Too many messages"}')).toEqual({
      type: 'error',
      content: 'Too many messages',
    });
    expect(parseServerMessage('{"type":"error"}')).toEqual({ type: 'error', content: null });
    for (const bad of [
      'nope',
      '42',
      'null',
      '{"type":"message"}',
      '{"type":"other","content":"x"}',
      new ArrayBuffer(2),
    ])
      expect(parseServerMessage(bad)).toEqual({ type: 'malformed' });
  });
});
