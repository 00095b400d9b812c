// The built-in assistant: no network needed. Reads the question, picks the answer (intents.ts),
// and writes it from the syndicate's data (answers.ts). Any question gets an answer (unknown ones
// the list of what it can answer); only a failing database makes it throw (the socket says so).
import * as answers from './answers';
import { horseNames } from './horse-names';
import { classify, type Intent, mayNameHorse } from './intents';

/** Longest question the engine reads (characters); the socket's 4 KiB frame limit comes first. */
export const QUESTION_MAX = 1000;

export async function answerIntent(ctx: answers.Ctx, intent: Intent): Promise<string> {
  switch (intent.kind) {
    case 'help':
      return answers.help();
    case 'greeting':
      return answers.greeting(ctx);
    case 'ambiguous':
      return answers.ambiguous(intent.names);
    case 'rotation':
      return answers.rotation(ctx, intent.memberId);
    case 'races':
      return answers.races(ctx);
    case 'balance':
    case 'winRate':
    case 'totalWins':
    case 'summary':
      return answers.stats(ctx, intent.kind);
    case 'top':
      return answers.top(ctx);
    case 'memberRecord':
      return answers.memberRecord(ctx, intent.memberId);
    case 'pending':
      return answers.pending(ctx, intent.memberId);
    case 'horse':
      return answers.horse(ctx, intent.horse);
    case 'reminders':
      return answers.reminders(ctx);
    case 'subscription':
      return answers.subscription(ctx, intent.memberId);
    case 'bank':
      return answers.bank(ctx);
    case 'bankMember':
      return answers.bankMember(ctx, intent.memberId);
    case 'dues':
      return answers.dues(ctx, intent.memberId);
    case 'unknown':
      return answers.unknown();
  }
}

/** Understands the question and answers it from the syndicate's data. */
export async function answerQuestion(scope: answers.Scope, question: string): Promise<string> {
  const text = question.trim().slice(0, QUESTION_MAX);
  if (!text) return answers.help();
  const [ctx, horses] = await Promise.all([
    answers.loadCtx(scope),
    mayNameHorse(text) ? horseNames(scope.db, scope.syndicateId) : null,
  ]);
  const intent = classify(text, { members: ctx.members, horses, selfId: scope.memberId });
  return answerIntent(ctx, intent);
}
