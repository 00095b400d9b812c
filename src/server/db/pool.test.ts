// The server's pools keep their connections through a quiet spell (connect's keepOpen): the first
// request after it must not wait for a new backend to start, authenticate and prepare again.
import type pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { connect } from './client';

/** Checks out every connection a pool may hold at once, notes their backends, releases them. */
async function fill(pool: pg.Pool): Promise<number[]> {
  const clients = await Promise.all(Array.from({ length: pool.options.max }, () => pool.connect()));
  try {
    const pids = [];
    for (const client of clients) {
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      pids.push(rows[0]!.pid);
    }
    return pids.sort((a, b) => a - b);
  } finally {
    for (const client of clients) client.release();
  }
}

const quietSpell = () => new Promise((resolve) => setTimeout(resolve, 400));

describe('the pools through a quiet spell', () => {
  it('keeps every opened connection, the same backends, when kept open', async () => {
    const database = connect(inject('databaseUrl'), { max: 5, keepOpen: true, idleTimeoutMillis: 50 });
    try {
      const main = await fill(database.pool);
      const planned = await fill(database.planned);
      expect(main).toHaveLength(3);
      expect(planned).toHaveLength(2);
      await quietSpell();
      expect(database.pool.totalCount).toBe(3);
      expect(database.planned.totalCount).toBe(2);
      expect(await fill(database.pool)).toEqual(main);
      expect(await fill(database.planned)).toEqual(planned);
    } finally {
      await database.close();
    }
  });

  it('closes idle connections after their timeout otherwise', async () => {
    const database = connect(inject('databaseUrl'), { max: 5, idleTimeoutMillis: 50 });
    try {
      // Each count is read as soon as its own fill has released: on a slow host filling the second
      // pool can take longer than the first pool's idle timeout.
      await fill(database.pool);
      expect(database.pool.totalCount).toBe(3);
      await fill(database.planned);
      expect(database.planned.totalCount).toBe(2);
      await quietSpell();
      expect(database.pool.totalCount).toBe(0);
      expect(database.planned.totalCount).toBe(0);
    } finally {
      await database.close();
    }
  });
});
