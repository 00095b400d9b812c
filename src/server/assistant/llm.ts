// The optional language model: an OpenAI-compatible chat endpoint (ASSISTANT_LLM_URL). The
// question goes to it with the tools of llm-tools.ts; it may call them (several rounds) and then
// answers in words. If it fails, answers nonsense or exceeds the time limit, the built-in engine
// answers instead, so the assistant never depends on the network.
import { z } from 'zod';
import type { Env } from '../env';
import * as answers from './answers';
import { answerQuestion } from './engine';
import { runTool, TOOLS } from './llm-tools';

export type LlmConfig = NonNullable<Env['assistantLlm']> & {
  /** Time limit for the whole exchange, in ms (default 10 s). */
  timeoutMs?: number;
};

export const LLM_TIMEOUT_MS = 10_000;
/** Tool rounds before we give up on the model. */
const MAX_ROUNDS = 4;
/** Characters of a model's answer we pass on. */
const ANSWER_MAX = 4000;

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

type Message =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

const toolCallSchema = z.object({
  id: z.string(),
  type: z.literal('function').optional(),
  function: z.object({ name: z.string(), arguments: z.string().default('{}') }),
});
type ToolCall = z.infer<typeof toolCallSchema>;

const completionSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({
          content: z.string().nullish(),
          tool_calls: z.array(toolCallSchema).nullish(),
        }),
      }),
    )
    .min(1),
});

/** ASSISTANT_LLM_URL may be the API base (…/v1) or the full …/chat/completions address. */
export function completionsUrl(url: string): string {
  const trimmed = url.replace(/\/+$/, '');
  return trimmed.endsWith('/chat/completions') ? trimmed : `${trimmed}/chat/completions`;
}

function systemPrompt(ctx: answers.Ctx): string {
  const me = ctx.members.find((m) => m.id === ctx.memberId)?.name ?? 'a member';
  return [
    `You are the Syndicate Assistant of the horse-racing syndicate "${ctx.settings.syndicateName}".`,
    `You are talking to ${me}. Now is ${ctx.now.toISOString()}; the syndicate's time zone is ${ctx.settings.timezone} and its currency ${ctx.settings.currency.toUpperCase()}.`,
    'Answer questions about the syndicate only from the tools’ results; call a tool whenever data is needed.',
    'Be brief and friendly. If a question is not about the syndicate, say what you can help with.',
  ].join(' ');
}

function parseArgs(raw: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(raw);
    return typeof v === 'object' && v !== null && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v))
      : {};
  } catch {
    return {};
  }
}

/** Asks the model; throws on any failure (HTTP, format, time limit, too many rounds). */
export async function askLlm(
  config: LlmConfig,
  scope: answers.Scope,
  question: string,
  history: readonly ChatTurn[] = [],
): Promise<string> {
  const signal = AbortSignal.timeout(config.timeoutMs ?? LLM_TIMEOUT_MS);
  const ctx = await answers.loadCtx(scope);
  const messages: Message[] = [
    { role: 'system', content: systemPrompt(ctx) },
    ...history.map((t) => ({ role: t.role, content: t.content })),
    { role: 'user', content: question },
  ];
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const res = await fetch(completionsUrl(config.url), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(config.apiKey ? { Authorization: `Bearer ${config.apiKey}` } : {}),
      },
      body: JSON.stringify({ model: config.model, messages, tools: TOOLS, tool_choice: 'auto' }),
      signal,
    });
    if (!res.ok) throw new Error(`language model answered ${res.status}`);
    const message = completionSchema.parse(await res.json()).choices[0]?.message;
    const calls = message?.tool_calls ?? [];
    if (calls.length === 0) {
      const content = message?.content?.trim();
      if (!content) throw new Error('language model gave an empty answer');
      return content.slice(0, ANSWER_MAX);
    }
    messages.push({ role: 'assistant', content: message?.content ?? null, tool_calls: calls });
    for (const call of calls) {
      signal.throwIfAborted();
      const result = await runTool(ctx, call.function.name, parseArgs(call.function.arguments));
      messages.push({ role: 'tool', tool_call_id: call.id, content: result });
    }
  }
  throw new Error('language model kept calling tools');
}

/** The model's answer when configured and working, else the built-in engine's. */
export async function answer(
  config: LlmConfig | undefined,
  scope: answers.Scope,
  question: string,
  history: readonly ChatTurn[] = [],
  onFallback: (err: unknown) => void = () => {},
): Promise<string> {
  if (config) {
    try {
      return await askLlm(config, scope, question, history);
    } catch (err) {
      onFallback(err);
    }
  }
  return answerQuestion(scope, question);
}
