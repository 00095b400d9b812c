// For profiling by hand: the production build on a fresh embedded database, seeded like the
// bench (a 10-member syndicate with 200 bets, and a 1k-member one with BIG_BETS bets, default
// 100k), and the bank's syndicate (50 members, 10,000 ledger entries, 111 bets). Prints the
// origin, the session cookies, the bank's syndicate id and the database URL; runs until Ctrl-C.
//   npx tsx bench/seeded-server.ts        (PORT=5077 BIG_BETS=100000 by default)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { postmasterOf, snapshotBuild, startApp, stopApp } from './lib/app-process';
import { seedBank } from './lib/bank';
import { seedBets, seedSyndicate, signUpWithSyndicate, vacuumAnalyze } from './lib/seed';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rs-seeded-'));
fs.chmodSync(dataDir, 0o755);
const buildDir = snapshotBuild(root);
const app = await startApp(buildDir, dataDir, Number(process.env.PORT ?? 5077));
const stop = async () => {
  await stopApp(app);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(buildDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

const pm = postmasterOf(dataDir);
const password = fs.readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pm.port}/postgres`;
const db = new pg.Client({ connectionString: url });
await db.connect();
const small = await signUpWithSyndicate(app.origin, 'Bench Admin');
await seedSyndicate(db, small.syndicateId, { members: 9, races: 30, reminders: 5 });
await seedBets(db, small.syndicateId, 1, 200);
const big = await signUpWithSyndicate(app.origin, 'Growth Admin');
await seedSyndicate(db, big.syndicateId, { members: 999, races: 60, reminders: 20 });
await seedBets(db, big.syndicateId, 1, Number(process.env.BIG_BETS ?? 100_000));
const bank = await signUpWithSyndicate(app.origin, 'Bank Admin');
await seedSyndicate(db, bank.syndicateId, { members: 49, races: 30, reminders: 5 });
await seedBets(db, bank.syndicateId, 1, 111);
await seedBank(db, bank.syndicateId, 10_000);
await vacuumAnalyze(db);
await db.end();
console.log(
  [
    `ORIGIN=${app.origin}`,
    `SMALL_COOKIE='${small.cookie}'`,
    `BIG_COOKIE='${big.cookie}'`,
    `BANK_COOKIE='${bank.cookie}'`,
    `BANK_SYNDICATE=${bank.syndicateId}`,
    `DATABASE_URL='${url}'`,
    `APP_PID=${app.child.pid}`,
  ].join('\n'),
);
