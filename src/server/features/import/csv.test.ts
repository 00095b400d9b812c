// CSV out and in (docs/csv.md): the exports' format, filters, file names and formula-injection
// guard; the import's dry run, row errors, duplicates, all-or-nothing write, limits and roles; and
// the round trip: a file the app exported imports back to the same bets. Real PostgreSQL.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankSummary } from '../../../shared/bank';
import type { Bet } from '../../../shared/bet';
import type { ImportDryRun } from '../../../shared/csv-io';
import { createTestApp, type TestApp } from '../../test/harness';
import { type Crew, crew, placeBet, singleBet } from '../bets/test-fixtures';
import {
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_LEDGER_LINES,
  IMPORT_MAX_ROWS,
  IMPORT_RUNNING,
  tooManyLines,
} from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2030-06-15T02:00:00.000Z');
});
afterAll(async () => t.close());

async function named(c: Crew, syndicateName: string, timezone = 'Australia/Sydney') {
  const res = await c.admin.put('/api/settings', {
    syndicateName,
    defaultBetAmount: 10,
    currency: 'aud',
    rotationStrategy: 'sequential',
    timezone,
  });
  expect(res.statusCode, res.body).toBe(200);
}

const csvPost = (c: Crew, body: string, dryRun: boolean, who: 'admin' | 'member' = 'admin') =>
  (who === 'admin' ? c.admin : c.member).request('POST', `/api/import/bets?dryRun=${dryRun}`, body, {
    'content-type': 'text/csv',
  });

/** An exported file's lines, after the byte order mark that every export starts with (docs/csv.md). */
const lines = (body: string) => {
  expect(body.charAt(0)).toBe('\uFEFF');
  return body
    .slice(1)
    .split('\r\n')
    .filter((l) => l !== '');
};
const allBets = async (c: Crew) => (await c.admin.get('/api/bets')).json<Bet[]>();

/** A bet as the round trip must keep it (no ids, no group). */
const shape = (b: Bet) => ({
  member: b.member.name,
  horseName: b.horseName,
  horseNumber: b.horseNumber,
  date: b.date,
  race: b.race ? { name: b.race.name, venue: b.race.venue } : null,
  betType: b.betType,
  odds: b.odds,
  oddsType: b.oddsType,
  amount: b.amount,
  status: b.status,
  result: b.result,
  jockey: b.jockey,
  trainer: b.trainer,
  placeTerms: b.placeTerms,
});

async function seed(c: Crew) {
  const settle = async (id: number, body: object) =>
    expect((await c.admin.put(`/api/bets/${id}/status`, body)).statusCode).toBe(200);
  const a = await placeBet(
    c.admin,
    singleBet(c, {
      horseName: 'Winx',
      odds: 3.25,
      amount: 10,
      jockey: 'H. Bowman',
      date: '2030-03-02T01:05:00.000Z',
    }),
  );
  await settle(a.id, { status: 'win' });
  const b = await placeBet(
    c.member,
    singleBet(c, {
      memberId: c.memberMemberId,
      horseName: '=HYPERLINK("http://evil")',
      betType: 'each-way',
      odds: 9,
      amount: 20,
      placeTerms: { places: 3, divisor: 4 },
      trainer: 'Waller, Chris',
      date: '2030-03-09T03:00:00.000Z',
    }),
  );
  await settle(b.id, { status: 'placed', position: 2 });
  const v = await placeBet(
    c.admin,
    singleBet(c, {
      horseName: 'Scratched',
      raceId: null,
      odds: 20,
      amount: 5,
      date: '2030-04-01T13:30:00.000Z',
    }),
  );
  await settle(v.id, { status: 'void' });
  await placeBet(
    c.admin,
    singleBet(c, {
      horseName: 'Tote Runner',
      oddsType: 'tote',
      horseNumber: 7,
      odds: 2.5,
      amount: 12.34,
      date: '2030-04-05T00:00:00.000Z',
    }),
  );
}

describe('GET /api/export/*.csv', () => {
  it('exports bets as RFC 4180 with the syndicate’s dates, two-decimal money and formula guards', async () => {
    const c = await crew(t);
    await named(c, 'The Punting Club!');
    await seed(c);
    const res = await c.member.get('/api/export/bets.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="the-punting-club-bets-2030-06-15.csv"',
    );
    expect(lines(res.body)).toEqual([
      'date,time,member,horse,horse number,race,venue,bet type,odds,odds type,stake,status,result,jockey,trainer,place terms',
      '2030-03-02,12:05,Alice Admin,Winx,,Golden Slipper,Rosehill,win,3.25,fixed,10.00,win,22.50,H. Bowman,,',
      `2030-03-09,14:00,Mia Member,"'=HYPERLINK(""http://evil"")",,Golden Slipper,Rosehill,each-way,9.00,fixed,20.00,placed,10.00,,"Waller, Chris",3 at 1/4`,
      '2030-04-02,00:30,Alice Admin,Scratched,,,,win,20.00,fixed,5.00,void,0.00,,,',
      '2030-04-05,11:00,Alice Admin,Tote Runner,7,Golden Slipper,Rosehill,win,2.50,tote,12.34,pending,,,,',
    ]);
    // Filters: status, member, days (inclusive, in Sydney).
    const won = await c.member.get('/api/export/bets.csv?status=win');
    expect(lines(won.body)).toHaveLength(2);
    const mia = await c.member.get(`/api/export/bets.csv?memberId=${c.memberMemberId}`);
    expect(
      lines(mia.body)
        .slice(1)
        .every((l) => l.includes('Mia Member')),
    ).toBe(true);
    const april = await c.member.get('/api/export/bets.csv?from=2030-04-02&to=2030-04-05');
    expect(lines(april.body).map((l) => l.slice(0, 10))).toEqual(['date,time,', '2030-04-02', '2030-04-05']);
    // The page's search too (horse, jockey, race, venue; case and accents ignored), with the others.
    const rosehill = await c.member.get('/api/export/bets.csv?q=ROSÉHILL');
    expect(lines(rosehill.body).map((l) => l.slice(0, 10))).toEqual([
      'date,time,',
      '2030-03-02',
      '2030-03-09',
      '2030-04-05',
    ]);
    const bowman = await c.member.get('/api/export/bets.csv?q=bowman&status=win');
    expect(lines(bowman.body).slice(1)).toEqual([expect.stringContaining(',Winx,')]);
    expect(lines((await c.member.get('/api/export/bets.csv?q=%25')).body)).toHaveLength(1); // % is literal
    expect(await c.member.get(`/api/export/bets.csv?q=${'a'.repeat(101)}`)).toMatchObject({
      statusCode: 400,
    });
  });

  it('exports members and rankings; another syndicate’s member filter is 404 and its files hold nothing of ours', async () => {
    const c = await crew(t);
    await named(c, 'Club');
    await seed(c);
    const members = await c.member.get('/api/export/members.csv');
    expect(members.headers['content-disposition']).toBe('attachment; filename="club-members-2030-06-15.csv"');
    expect(lines(members.body)[0]).toBe(
      'name,initials,email,role,status,joined,settled bets,wins,win rate,earnings',
    );
    expect(lines(members.body)[1]).toMatch(
      /^Alice Admin,AA,[^,]+,admin,active,\d{4}-\d{2}-\d{2},1,1,100\.0,22\.50$/,
    );
    expect(lines(members.body)[2]).toMatch(
      /^Mia Member,MM,[^,]+,member,active,\d{4}-\d{2}-\d{2},1,0,0\.0,10\.00$/,
    );
    const ranks = await c.member.get('/api/export/rankings.csv');
    expect(lines(ranks.body)).toEqual([
      'rank,member,bets,wins,win rate,earnings',
      '1,Alice Admin,1,1,100.0,22.50',
      '2,Mia Member,1,0,0.0,10.00',
    ]);
    const other = await crew(t);
    const res = await other.admin.get(`/api/export/bets.csv?memberId=${c.memberMemberId}`);
    expect(res.statusCode).toBe(404);
    const theirs = await other.admin.get('/api/export/bets.csv');
    expect(lines(theirs.body)).toHaveLength(1);
    expect(await other.admin.get('/api/export/bets.csv?status=lost')).toMatchObject({ statusCode: 400 });
    expect(await other.admin.get('/api/export/bets.csv?from=2030-02-30')).toMatchObject({ statusCode: 400 });
  });
});

describe('POST /api/import/bets', () => {
  const header =
    'Date,Member,Horse,Race,Venue,Bet Type,Odds,Odds Type,Amount,Status,Horse Number,Jockey,Trainer';

  it('a dry run previews, lists each row’s errors and the duplicates, and writes nothing', async () => {
    const c = await crew(t);
    await named(c, 'Importers');
    await placeBet(
      c.admin,
      singleBet(c, { horseName: 'Already Here', odds: 2, amount: 5, date: '2030-01-01T00:00:00.000Z' }),
    );
    const before = await allBets(c);
    const file = [
      `\uFEFF${header}`,
      '2030-02-01,Alice Admin,Fresh Horse,Cox Plate,Moonee Valley,each-way,6,fixed,10,placed,,J. Kah,',
      '2030-02-01,MM,Second,,,win,2.5,tote,4,loss,3,,',
      '2030-01-01T00:00:00Z,alice admin,already here,,,win,2,fixed,5,pending,,,',
      '2030-02-02,Nobody,Ghost,,,win,2,fixed,5,pending,,,',
      '2030-02-30,Alice Admin,Bad Day,,,win,0,fixed,-1,maybe,,,',
      '2030-02-03,Alice Admin,New Race No Venue,Mystery Stakes,,win,2,fixed,5,,,,',
      '2030-02-03,Alice Admin,Fresh Horse,Cox Plate,Moonee Valley,win,2,fixed,5,placed,,,',
    ].join('\r\n');
    const res = await csvPost(c, file, true);
    expect(res.statusCode, res.body).toBe(200);
    const dry = res.json<ImportDryRun>();
    expect(dry).toMatchObject({ rows: 7, valid: 3, duplicates: [4] });
    expect(dry.errors).toEqual([
      { row: 5, column: 'member', message: 'No member named "Nobody"' },
      { row: 6, column: 'date', message: 'Date must be YYYY-MM-DD or an ISO date-time' },
      { row: 6, column: 'status', message: 'Status must be pending, win, loss, placed or void' },
      { row: 6, column: 'odds', message: 'Odds must be a positive number' },
      { row: 6, column: 'stake', message: 'Amount must be a positive number' },
      { row: 7, column: 'venue', message: 'Venue is required to add the race "Mystery Stakes"' },
      { row: 8, column: 'status', message: 'Only an each-way bet can be placed' },
    ]);
    expect(dry.preview).toEqual([
      expect.objectContaining({
        row: 2,
        member: 'Alice Admin',
        horseName: 'Fresh Horse',
        race: 'Cox Plate',
        venue: 'Moonee Valley',
        betType: 'each-way',
        status: 'placed',
        // No terms in the file: 3 places at 1/5, so $5 at 2.00 back on $10.
        result: 0,
        date: '2030-01-31T13:00:00.000Z',
      }),
      expect.objectContaining({ row: 3, member: 'Mia Member', status: 'loss', result: -4, oddsType: 'tote' }),
    ]);
    expect(await allBets(c)).toEqual(before);
    // A real import of the same file: 400 with the same errors, nothing written.
    const real = await csvPost(c, file, false);
    expect(real.statusCode).toBe(400);
    expect(real.json()).toEqual({
      message: 'The file has 7 errors; nothing was imported',
      rows: 7,
      errors: dry.errors,
    });
    expect(await allBets(c)).toEqual(before);
  });

  it("a member who renames themselves after another's e-mail or initials does not take that member's rows", async () => {
    const c = await crew(t);
    const admin = (await c.admin.get('/api/members/me')).json<{ email: string; initials: string }>();
    const preview = async (member: string) => {
      const res = await csvPost(
        c,
        `date,member,horse,odds,stake,status\n2030-04-01,${member},Winner,10,100,win`,
        true,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json<ImportDryRun>();
    };
    // Members may rename themselves (name and initials); only admins change e-mails.
    const rename = await c.member.put(`/api/members/${c.memberMemberId}`, { name: admin.email });
    expect(rename.statusCode, rename.body).toBe(200);
    expect((await preview(admin.email)).preview.map((p) => p.memberId)).toEqual([c.adminMemberId]);
    // Named after the admin's initials (AA): the cell names two members, so it is refused.
    const asInitials = await c.member.put(`/api/members/${c.memberMemberId}`, { name: admin.initials });
    expect(asInitials.statusCode, asInitials.body).toBe(200);
    expect((await preview(admin.initials)).errors).toEqual([
      { row: 2, column: 'member', message: `"${admin.initials}" matches more than one member` },
    ]);
  });

  it('reads a file separated by semicolons or tabs (a spreadsheet saved where the decimal mark is a comma)', async () => {
    const c = await crew(t);
    for (const sep of [';', '\t']) {
      const file = [
        ['date', 'member', 'horse', 'race', 'venue', 'odds', 'stake'].join(sep),
        [
          '2030-02-01',
          'Alice Admin',
          `Semi, Colon ${sep === ';' ? 'A' : 'B'}`,
          'Cup',
          'Flemington',
          '3.5',
          '10',
        ].join(sep),
      ].join('\r\n');
      const res = await csvPost(c, file, true);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<ImportDryRun>()).toMatchObject({ rows: 1, valid: 1, errors: [] });
      expect(res.json<ImportDryRun>().preview[0]).toMatchObject({
        horseName: `Semi, Colon ${sep === ';' ? 'A' : 'B'}`,
        odds: 3.5,
      });
    }
  });

  it('refuses a decimal comma rather than reading it as a thousands separator; whole groups of three still read', async () => {
    const c = await crew(t);
    const header = ['date', 'member', 'horse', 'odds', 'stake', 'status'];
    const semi = [
      header.join(';'),
      ['2030-02-01', 'Alice Admin', 'Comma Decimal', '3,5', '10,50', 'win'].join(';'),
    ];
    const quoted = [header.join(','), '2030-02-01,Alice Admin,Quoted Comma,"3,5","10,50",win'];
    for (const file of [semi, quoted]) {
      const res = await csvPost(c, file.join('\r\n'), true);
      expect(res.statusCode, res.body).toBe(200);
      const dry = res.json<ImportDryRun>();
      expect(dry.valid).toBe(0);
      expect(dry.errors.map((e) => e.column).sort()).toEqual(['odds', 'stake']);
    }
    const before = await allBets(c);
    expect((await csvPost(c, semi.join('\r\n'), false)).statusCode).toBe(400);
    expect(await allBets(c)).toEqual(before);
    const grouped = [header.join(','), '2030-02-01,Alice Admin,Grouped,3.5,"$1,250.50",pending'].join('\r\n');
    const ok = await csvPost(c, grouped, true);
    expect(ok.json<ImportDryRun>().preview[0]).toMatchObject({
      horseName: 'Grouped',
      odds: 3.5,
      amount: 1250.5,
    });
  });

  it('reads numbers only as digits and a decimal point: hex, exponents and binary are errors', async () => {
    // Found by probing (2026-12-02): a stake of "0x10" was imported as $16.00, "1e3" as $1,000.
    const c = await crew(t);
    const header = 'date,member,horse,odds,stake,status';
    const rows = ['0x10', '1e3', '0b11', 'Infinity', '-5'].map(
      (stake, i) => `2030-02-01,Alice Admin,Odd ${i},3.5,${stake},pending`,
    );
    const plain = ['12.', '.5', '20'].map(
      (stake, i) => `2030-02-02,Alice Admin,Plain ${i},3.5,${stake},pending`,
    );
    const res = await csvPost(c, [header, ...rows, ...plain].join('\r\n'), true);
    expect(res.statusCode, res.body).toBe(200);
    const dry = res.json<ImportDryRun>();
    expect(dry.errors.filter((e) => e.column === 'stake').map((e) => e.row)).toEqual([2, 3, 4, 5, 6]);
    expect(dry.preview.map((p) => p.amount)).toEqual([12, 0.5, 20]);
  });

  it('imports racing edits of a settled bet and time-zone changes never deadlock (no 5xx), and twin imports write once', async () => {
    const c = await crew(t);
    await named(c, 'Racing Locks');
    const day = '2030-06-10';
    const settled = await placeBet(
      c.admin,
      singleBet(c, { horseName: 'Held', odds: 2, amount: 10, date: `${day}T02:00:00.000Z` }),
    );
    expect((await c.admin.put(`/api/bets/${settled.id}/status`, { status: 'win' })).statusCode).toBe(200);
    const header = 'date,member,horse,odds,stake,status';
    const codes: number[] = [];
    for (let round = 0; round < 12; round++) {
      const file = [
        header,
        ...Array.from({ length: 20 }, (_, k) => `${day},Alice Admin,Lock ${round}-${k},2,1,win`),
      ].join('\r\n');
      const res = await Promise.all([
        csvPost(c, file, false),
        c.admin.put(`/api/bets/${settled.id}`, { odds: 2 + (round % 3), amount: 10 }),
        c.admin.put('/api/settings', {
          syndicateName: 'Racing Locks',
          defaultBetAmount: 10,
          currency: 'aud',
          rotationStrategy: 'sequential',
          timezone: round % 2 ? 'Australia/Sydney' : 'Europe/London',
        }),
      ]);
      codes.push(...res.map((r) => r.statusCode));
    }
    expect(codes.filter((code) => code >= 500)).toEqual([]);
    // The same file twice at once: one writes its 3 bets; the other is refused while the first
    // runs (409), or finds them all duplicates when it came after.
    const twin = [header, ...[1, 2, 3].map((k) => `${day},Alice Admin,Twin ${k},2,1,win`)].join('\r\n');
    const both = await Promise.all([csvPost(c, twin, false), csvPost(c, twin, false)]);
    expect(
      both
        .map((r) =>
          r.statusCode === 409
            ? r.json<{ message: string }>().message
            : `${r.statusCode} ${r.json<{ imported: number }>().imported}`,
        )
        .sort(),
    ).toSatisfy((answers: string[]) =>
      ['201 0,201 3', `201 3,${IMPORT_RUNNING}`].includes(answers.join(',')),
    );
    expect((await allBets(c)).filter((b) => b.horseName.startsWith('Twin'))).toHaveLength(3);
    const bank = (await c.admin.get('/api/bank')).json<BankSummary>();
    expect(bank.bettingResult).toBeCloseTo(
      (await allBets(c)).reduce((sum, b) => sum + (b.result ?? 0), 0),
      2,
    );
  });

  it('refuses an import while another runs for the same syndicate (409, nothing written), not another syndicate’s', async () => {
    const c = await crew(t);
    const other = await crew(t);
    const file = ['date,member,horse,odds,stake,status', '2030-03-01,Alice Admin,Queued,2,1,win'].join('\n');
    // Another import holds the syndicate's import lock (its transaction still open).
    const holder = await t.database.pool.connect();
    try {
      await holder.query('begin');
      await holder.query("select pg_advisory_xact_lock(hashtext('bets:import'), $1)", [c.syndicateId]);
      const refused = await csvPost(c, file, false);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: IMPORT_RUNNING });
      // The dry run takes no lock; the other syndicate imports as usual.
      expect((await csvPost(c, file, true)).statusCode).toBe(200);
      expect((await csvPost(other, file, false)).json<{ imported: number }>().imported).toBe(1);
    } finally {
      await holder.query('rollback');
      holder.release();
    }
    expect((await allBets(c)).filter((b) => b.horseName === 'Queued')).toHaveLength(0);
    expect((await csvPost(c, file, false)).json<{ imported: number }>().imported).toBe(1);
  });

  it('refuses a file whose settled bets would write more bank lines than one import may (dry run and import)', async () => {
    const c = await crew(t);
    // 199 more active members (201 in all), and two who do not share: inactive and removed.
    await t.database.pool.query(
      `insert into members (syndicate_id, name, email, initials, is_active, archived_at)
       select $1, 'Extra ' || n, 'extra' || n || '@example.test', 'EX', n <= 199, case when n = 201 then now() end
         from generate_series(1, 201) as n`,
      [c.syndicateId],
    );
    const sharing = 201;
    const fits = Math.floor(IMPORT_MAX_LEDGER_LINES / sharing);
    const file = (settled: number) =>
      [
        'date,member,horse,odds,stake,status',
        ...Array.from({ length: settled }, (_, k) => `2030-04-01,Alice Admin,Many ${k},2,1,loss`),
        '2030-04-01,Alice Admin,Still Pending,2,1,pending',
      ].join('\n');
    const fine = (await csvPost(c, file(fits), true)).json<{ errors: unknown[]; valid: number }>();
    expect(fine).toMatchObject({ errors: [], valid: fits + 1 });

    const over = await csvPost(c, file(fits + 1), true);
    expect(over.statusCode).toBe(200);
    expect(over.json<{ errors: unknown[] }>().errors).toEqual([
      { row: 1, column: 'status', message: tooManyLines(fits + 1, sharing) },
    ]);
    const refused = await csvPost(c, file(fits + 1), false);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ errors: unknown[] }>().errors).toEqual([
      { row: 1, column: 'status', message: tooManyLines(fits + 1, sharing) },
    ]);
    expect((await allBets(c)).filter((b) => b.horseName.startsWith('Many'))).toHaveLength(0);
  });

  it('imports all or nothing: races once, results recomputed, the bank shares settled results; a retry imports nothing', async () => {
    const c = await crew(t);
    await named(c, 'Importers');
    const file = [
      header,
      '2030-02-01,Alice Admin,Fresh Horse,Cox Plate,Moonee Valley,each-way,6,fixed,10,placed,,J. Kah,',
      '2030-02-01,mia member,Second,Cox Plate,Moonee Valley,win,2.5,fixed,4,win,3,,',
      '2030-02-02,Alice Admin,Later,,,place,1.8,fixed,10,pending,,,C. Waller',
    ].join('\n');
    const res = await csvPost(c, file, false);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ imported: 3, duplicates: [] });
    const bets = await allBets(c);
    expect(bets.map((b) => [b.horseName, b.status, b.result, b.race?.name ?? null])).toEqual([
      ['Later', 'pending', null, null],
      ['Second', 'win', 6, 'Cox Plate'],
      ['Fresh Horse', 'placed', 0, 'Cox Plate'],
    ]);
    expect(new Set(bets.map((b) => b.raceId).filter((id) => id !== null)).size).toBe(1);
    const bank = (await c.admin.get('/api/bank')).json<BankSummary>();
    expect(bank).toMatchObject({ bettingResult: 6, inPlay: 10 });
    const again = await csvPost(c, file, false);
    expect(again.json()).toEqual({ imported: 0, duplicates: [2, 3, 4] });
    expect(await allBets(c)).toHaveLength(3);
  });

  it('refuses members (403), files over 5 MB (413), what is not CSV, and missing columns', async () => {
    const c = await crew(t);
    const ok = `${header}\r\n2030-02-01,Alice Admin,X,,,win,2,fixed,5,,,,`;
    expect((await csvPost(c, ok, true, 'member')).statusCode).toBe(403);
    const big = `${header}\r\n${'2030-02-01,Alice Admin,X,,,win,2,fixed,5,,,,\r\n'.repeat(120_000)}`;
    const tooBig = await csvPost(c, big, true);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ message: 'The file is larger than 5 MB' });
    const json = await c.admin.post('/api/import/bets?dryRun=true', { rows: [] });
    expect(json.statusCode).toBe(415);
    const broken = await csvPost(c, 'date,member\r\n"unterminated,Alice', true);
    expect(broken.statusCode).toBe(400);
    expect(broken.json<{ message: string }>().message).toMatch(/^The file is not valid CSV/);
    const missing = await csvPost(c, 'date,member,horse\r\n2030-02-01,Alice Admin,X', false);
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ errors: unknown[] }>().errors).toEqual([
      { row: 1, column: 'odds', message: 'Missing column: odds' },
      { row: 1, column: 'stake', message: 'Missing column: stake (or amount)' },
    ]);
    expect(await csvPost(c, ok, 'maybe' as unknown as boolean)).toMatchObject({ statusCode: 400 });
    // Too many rows, and a line too wide: refused as they are read (reliability/18-import-bomb).
    const rows = `${header}\r\n${'2030-02-01,Alice Admin,X,,,win,2,fixed,5,,,,\r\n'.repeat(IMPORT_MAX_ROWS + 1)}`;
    const tooMany = await csvPost(c, rows, true);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ message: `The file has more than ${IMPORT_MAX_ROWS} rows` });
    const wide = await csvPost(
      c,
      `${header}\r\n${ok.split('\r\n')[1]}${','.repeat(IMPORT_MAX_COLUMNS)}`,
      true,
    );
    expect(wide.statusCode).toBe(400);
    expect(wide.json()).toEqual({ message: `Line 2 has more than ${IMPORT_MAX_COLUMNS} columns` });
    expect((await csvPost(c, `${header}\r\n${ok.split('\r\n')[1]}`, true)).statusCode).toBe(200);
    expect(await allBets(c)).toEqual([]);
  });

  it('round trip: a file the app exported imports into another syndicate as the same bets', async () => {
    const a = await crew(t);
    await named(a, 'Source');
    await seed(a);
    const exported = (await a.admin.get('/api/export/bets.csv')).body;
    const b = await crew(t);
    await named(b, 'Target');
    // The race of the fixture exists in both syndicates (crew adds it), so only the bets move.
    const res = await csvPost(b, exported, false);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ imported: 4, duplicates: [] });
    // The formula guard's apostrophe is dropped on the way in: the name is the one the bet had.
    expect((await allBets(b)).map(shape)).toEqual((await allBets(a)).map(shape));
    expect((await b.admin.get('/api/export/bets.csv')).body.split('\r\n').slice(1)).toEqual(
      exported.split('\r\n').slice(1),
    );
    const { rows } = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from bank_entries where syndicate_id = ${b.syndicateId} and type = 'allocation'`,
    );
    expect(rows[0]!.n).toBeGreaterThan(0);
  });
});
