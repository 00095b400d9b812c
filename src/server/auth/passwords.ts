// Password hashing with scrypt (node:crypto). Stored as "scrypt$N$r$p$salt$hash" (base64url).
// Hashing is bounded per process: at most HASH_CONCURRENCY at once and HASH_QUEUE waiting. The
// routes admit a request (admitHashing) on arrival, so a burst beyond that is refused at once
// (HashBusyError → 429) instead of queueing for ever; withSlot's own check is the backstop.
import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import os from 'node:os';

const N = 16384; // CPU/memory cost: ~16 MiB, ~50 ms on these machines
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

/**
 * Hashes running at once: one core fewer than the machine has (2 at most 4), so a burst of
 * sign-ins always leaves a core to the event loop and PostgreSQL. scrypt runs on libuv's pool
 * (4 threads), which file reads and zlib share too.
 */
export const HASH_CONCURRENCY = Math.min(4, Math.max(1, os.availableParallelism() - 1));
/** Hashes waiting for a slot at most: ~55 ms each, so the last waits about 32 × 55 ms ≈ 1.8 s on one slot. */
export const HASH_QUEUE = 32;

/** Too many hashes are running or waiting: try again in a moment. */
export class HashBusyError extends Error {
  constructor() {
    super('The server is busy signing people in. Please try again in a moment.');
  }
}

let running = 0;
const waiting: (() => void)[] = [];
/** Requests admitted to hash (admitHashing), from their arrival until they answer. */
let admitted = 0;

/**
 * Admits a request that will hash a password, before it does anything else, or refuses it at
 * once (HashBusyError) when as many are already running or waiting as the bound allows. A burst
 * is so refused on arrival, without a database round trip. Call the returned function when the
 * request is done (in a finally).
 */
export function admitHashing(): () => void {
  if (admitted >= HASH_CONCURRENCY + HASH_QUEUE) throw new HashBusyError();
  admitted++;
  let done = false;
  return () => {
    if (done) return;
    done = true;
    admitted--;
  };
}

/** Runs `work` when a slot is free; refuses at once when the queue is full. */
async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= HASH_CONCURRENCY) {
    if (waiting.length >= HASH_QUEUE) throw new HashBusyError();
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running++;
  }
  try {
    return await work();
  } finally {
    // Hand the slot straight to the next waiter (running stays the same), or free it.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

function scrypt(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password, salt, KEY_LENGTH, { N: n, r, p, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

async function hashUnbounded(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, N, R, P);
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Throws HashBusyError when the server is already hashing all it may. */
export function hashPassword(password: string): Promise<string> {
  return withSlot(() => hashUnbounded(password));
}

/** Throws HashBusyError when the server is already hashing all it may. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [alg, n, r, p, salt, hash] = stored.split('$');
  if (alg !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await withSlot(() =>
    scrypt(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p)),
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash of a random password, checked when the e-mail is unknown so both paths take as long. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  // Made once per process, outside the slots: a busy moment must not leave a refusal cached here.
  dummyHash ??= hashUnbounded(randomBytes(16).toString('hex'));
  return dummyHash;
}
