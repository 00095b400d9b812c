// The language-model path against a loopback server speaking the OpenAI chat-completions format:
// a tool-call round trip, scoping, and the fallback to the built-in engine on failure or timeout.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpWithSyndicate, type TestApp } from '../test/harness';
import { answerQuestion } from './engine';
import { answer, completionsUrl, type LlmConfig } from './llm';
import { connect, listen } from './test-client';

interface ChatRequest {
  model: string;
  messages: { role: string; content: string | null; tool_call_id?: string }[];
  tools: { function: { name: string } }[];
}
type Handler = (body: ChatRequest, req: http.IncomingMessage, res: http.ServerResponse) => void;

let handler: Handler = () => {};
const seen: { body: ChatRequest; auth: string | undefined; path: string | undefined }[] = [];
const fake = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (c: Buffer) => {
    raw += c.toString();
  });
  req.on('end', () => {
    const body: ChatRequest = JSON.parse(raw);
    seen.push({ body, auth: req.headers.authorization, path: req.url });
    handler(body, req, res);
  });
});
const json = (res: http.ServerResponse, body: unknown, status = 200) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const say = (content: string) => ({ choices: [{ message: { role: 'assistant', content } }] });
const callTool = (name: string, args: object, id = 'call_1') => ({
  choices: [
    {
      message: {
        role: 'assistant',
        content: null,
        tool_calls: [{ id, type: 'function', function: { name, arguments: JSON.stringify(args) } }],
      },
    },
  ],
});
/** First a tool call, then an answer quoting the tool's result. */
const roundTrip =
  (name: string, args: object): Handler =>
  (body, _req, res) => {
    const tool = body.messages.find((m) => m.role === 'tool');
    if (!tool) return json(res, callTool(name, args));
    json(res, say(`Model says: ${tool.content}`));
  };

let t: TestApp;
let base: string;
let config: LlmConfig;
let scope: Parameters<typeof answerQuestion>[0];
let carol: Awaited<ReturnType<typeof signUpWithSyndicate>>['client'];

beforeAll(async () => {
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`;
  config = { url: base, model: 'test-model', apiKey: 'sk-test' };
  t = await createTestApp({ ASSISTANT_LLM_URL: base, ASSISTANT_LLM_MODEL: 'test-model' });
  const { client, syndicate } = await signUpWithSyndicate(t.app, 'Carol Punter');
  carol = client;
  await client.post('/api/races', {
    name: 'Golden Slipper',
    venue: 'Rosehill',
    date: '2031-03-22T06:00:00.000Z',
  });
  const me = (await client.get('/api/members/me')).json<{ id: number }>();
  scope = { db: t.database.db, syndicateId: syndicate.id, memberId: me.id, now: new Date() };
});
afterAll(async () => {
  await t.close();
  fake.closeAllConnections();
  await new Promise((r) => fake.close(r));
});

describe('the language model path', () => {
  it('accepts the API base or the full /chat/completions address', () => {
    expect(completionsUrl('https://api.example/v1')).toBe('https://api.example/v1/chat/completions');
    expect(completionsUrl('https://api.example/v1/chat/completions/')).toBe(
      'https://api.example/v1/chat/completions',
    );
  });

  it('runs a tool-call round trip with the syndicate’s data', async () => {
    seen.length = 0;
    handler = roundTrip('next_turns', {});
    const a = await answer(config, scope, 'Who is up next?');
    expect(a).toMatch(/^Model says: Carol Punter is up next: Golden Slipper at Rosehill/);
    expect(seen).toHaveLength(2);
    const first = seen[0];
    expect(first?.path).toBe('/v1/chat/completions');
    expect(first?.auth).toBe('Bearer sk-test');
    expect(first?.body.model).toBe('test-model');
    expect(first?.body.tools.map((tool) => tool.function.name)).toContain('member_record');
    expect(first?.body.messages[0]?.role).toBe('system');
    expect(first?.body.messages.at(-1)).toEqual({ role: 'user', content: 'Who is up next?' });
    expect(seen[1]?.body.messages.find((m) => m.role === 'tool')?.tool_call_id).toBe('call_1');
  });

  it('matches member names in tool arguments forgivingly, and only within the syndicate', async () => {
    handler = roundTrip('member_record', { member: 'carol' });
    expect(await answer(config, scope, 'How is Carol going?')).toBe(
      "Model says: Carol Punter hasn't placed any bets yet.",
    );
    handler = roundTrip('member_record', { member: 'Somebody Elsewhere' });
    expect(await answer(config, scope, 'How is Somebody going?')).toMatch(
      /^Model says: No member matches "Somebody Elsewhere"\. Members: Carol Punter\.$/,
    );
  });

  it('answers the bank, a member’s balance and dues through tools, the asker by default', async () => {
    const paid = await carol.post('/api/bank/contributions', { memberId: scope.memberId, amount: 12.5 });
    expect(paid.statusCode, paid.body).toBe(201);
    handler = roundTrip('bank_summary', {});
    expect(await answer(config, scope, 'How much is in the bank?')).toBe(
      'Model says: The bank holds $12.50: $0.00 in play and $12.50 available.\n' +
        'Paid in $12.50, paid out $0.00, adjustments $0.00, betting $0.00.',
    );
    const tools = seen.at(-1)?.body.tools.map((tool) => tool.function.name);
    expect(tools).toEqual(expect.arrayContaining(['bank_summary', 'member_bank', 'dues_owed']));
    const mine =
      "Model says: Carol Punter's balance in the bank is $12.50 (a 100% share). Paid in $12.50, paid out $0.00, betting $0.00.";
    handler = roundTrip('member_bank', {});
    expect(await answer(config, scope, "What's my balance?")).toBe(mine);
    handler = roundTrip('member_bank', { member: 'carol' });
    expect(await answer(config, scope, "Carol's balance")).toBe(mine);
    handler = roundTrip('dues_owed', {});
    expect(await answer(config, scope, 'Who owes dues?')).toBe('Model says: Nobody owes dues.');
    handler = roundTrip('dues_owed', { member: 'Carol Punter' });
    expect(await answer(config, scope, 'What do I owe?')).toBe(
      'Model says: Carol Punter owes nothing: no dues have been charged.',
    );
    handler = roundTrip('member_bank', { member: 'Somebody Elsewhere' });
    expect(await answer(config, scope, "Somebody's balance")).toMatch(/^Model says: No member matches/);
  });

  it('falls back to the built-in engine when the model fails', async () => {
    const builtIn = await answerQuestion(scope, 'Who is up next?');
    const failures: Handler[] = [
      (_b, _q, res) => json(res, { error: { message: 'overloaded' } }, 503),
      (_b, _q, res) => json(res, { choices: [] }),
      (_b, _q, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{not json');
      },
      (_b, _q, res) => json(res, say('   ')),
      // Calls tools for ever.
      (_b, _q, res) => json(res, callTool('upcoming_races', {})),
    ];
    for (const failure of failures) {
      handler = failure;
      let fellBack = false;
      expect(await answer(config, scope, 'Who is up next?', [], () => (fellBack = true))).toBe(builtIn);
      expect(fellBack).toBe(true);
    }
  });

  it('falls back when the model does not answer in time', async () => {
    handler = () => {}; // never answers
    const started = Date.now();
    expect(await answer({ ...config, timeoutMs: 500 }, scope, 'Who is up next?')).toBe(
      await answerQuestion(scope, 'Who is up next?'),
    );
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('falls back when the endpoint is unreachable', async () => {
    const down = { ...config, url: 'http://127.0.0.1:9/v1' };
    expect(await answer(down, scope, 'help')).toContain('I can answer questions');
  });

  it('is used by the socket when ASSISTANT_LLM_URL is set', async () => {
    handler = roundTrip('syndicate_stats', {});
    const { client } = await signUpWithSyndicate(t.app, 'Sam Socket');
    const s = await connect(await listen(t.app), client.cookie);
    const reply = await s.ask("What's our balance?");
    expect(reply).toMatchObject({
      type: 'message',
      content: expect.stringMatching(/^Model says: The syndicate's balance is \$0\.00/),
    });
    s.ws.close();
  });
});
