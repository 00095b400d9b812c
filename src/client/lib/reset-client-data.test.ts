import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from './query-client';
import { resetClientData } from './reset-client-data';

afterEach(() => queryClient.clear());

describe('resetClientData', () => {
  it('drops every cached query', async () => {
    queryClient.setQueryData(['/api/bets'], [{ id: 1, horseName: 'Old Syndicate Horse' }]);
    queryClient.setQueryData(['/api/settings'], { syndicateName: 'Old Syndicate' });
    await resetClientData();
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });

  it('lets no answer still on its way land in the cache afterwards', async () => {
    let answer: (value: string) => void = () => {};
    const inFlight = queryClient
      .fetchQuery({
        queryKey: ['/api/members'],
        queryFn: () =>
          new Promise<string>((resolve) => {
            answer = resolve;
          }),
      })
      .catch(() => 'cancelled');
    await resetClientData();
    answer('the old syndicate’s members');
    expect(await inFlight).toBe('cancelled');
    expect(queryClient.getQueryData(['/api/members'])).toBeUndefined();
  });
});
