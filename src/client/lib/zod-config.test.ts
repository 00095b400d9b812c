import { describe, expect, it, vi } from 'vitest';

describe('zod-config', () => {
  it('sets jitless before zod loads, and zod reads it', async () => {
    vi.resetModules();
    delete (globalThis as { __zod_globalConfig?: unknown }).__zod_globalConfig;
    await import('./zod-config');
    const { config, z } = await import('zod');
    expect(config().jitless).toBe(true);
    // An object parse is where zod would probe `new Function`; jitless, it must not.
    const spy = vi.spyOn(globalThis, 'Function');
    expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });

  it('sets jitless when zod has loaded first', async () => {
    vi.resetModules();
    delete (globalThis as { __zod_globalConfig?: unknown }).__zod_globalConfig;
    const { config } = await import('zod');
    await import('./zod-config');
    expect(config().jitless).toBe(true);
  });
});
