import { describe, expect, it } from 'vitest';
import { toastInsets } from './toast-insets';

describe('toastInsets', () => {
  it('is 0 at both edges without toasts', () => {
    expect(toastInsets([], 844)).toEqual({ top: 0, bottom: 0 });
  });

  it('takes the top down to the lowest toast when they sit at the top (a phone)', () => {
    expect(toastInsets([{ top: 16, bottom: 93.5 }], 844)).toEqual({ top: 94, bottom: 0 });
  });

  it('takes the bottom up from the highest toast when they sit at the bottom (640 px and wider)', () => {
    expect(toastInsets([{ top: 730, bottom: 784 }], 800)).toEqual({ top: 0, bottom: 70 });
  });
});
