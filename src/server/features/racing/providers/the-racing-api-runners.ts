// The Racing API's runners as our Runner (shared/race-result.ts): from a race card's `runners`
// (RunnerBasic of the free plan: horse, number, draw, jockey, trainer, lbs; the paid race cards
// add silk_url) and from a result's `runners` (weight as "9-4", weight_lbs). Every field arrives
// as text; numbers are read strictly and anything unreadable becomes null. A runner without a
// horse name is dropped.
import { z } from 'zod';
import { RUNNER_TEXT_MAX, RUNNERS_MAX, type Runner } from '../../../../shared/race-result';
import { isCleanName } from '../../../../shared/text';

/** Text or a number (a provider may send either); anything else is treated as absent. */
const loose = z.union([z.string(), z.number()]).nullish().catch(null);

export const providerRunnerSchema = z.object({
  horse: loose,
  number: loose,
  draw: loose,
  jockey: loose,
  trainer: loose,
  /** Race cards: the weight carried in pounds ("130"). */
  lbs: loose,
  /** Results: the weight as stones-pounds ("9-4") and in pounds. */
  weight: loose,
  weight_lbs: loose,
  /** Paid race cards and results: the address of the silks' image. */
  silk_url: loose,
});
export type ProviderRunner = z.infer<typeof providerRunnerSchema>;

type Loose = ProviderRunner['horse'];

/** Trimmed text, at most RUNNER_TEXT_MAX characters; null when blank or not clean. */
export function text(value: Loose): string | null {
  if (value === null || value === undefined) return null;
  const s = String(value).trim().slice(0, RUNNER_TEXT_MAX).trim();
  return s !== '' && isCleanName(s) ? s : null;
}

/** A whole number from 1 to max written as digits ("7"); else null. */
export function smallInt(value: Loose, max = 999): number | null {
  const s = value === null || value === undefined ? '' : String(value).trim();
  if (!/^\d{1,3}$/.test(s)) return null;
  const n = Number(s);
  return n >= 1 && n <= max ? n : null;
}

/** 130 lb → "9st 4lb" (UK weights are carried in stones and pounds; 14 lb to the stone). */
function weightText(r: ProviderRunner): string | null {
  const lbs = smallInt(r.lbs ?? r.weight_lbs);
  if (lbs !== null) return `${Math.floor(lbs / 14)}st ${lbs % 14}lb`;
  const st = /^(\d{1,2})-(\d{1,2})$/.exec(text(r.weight) ?? '');
  if (st) return `${Number(st[1])}st ${Number(st[2])}lb`;
  return text(r.weight);
}

/** The silks' image address when it is an https URL (the provider gives no colour in words). */
function silk(value: Loose): string | null {
  const url = text(value);
  return url && /^https:\/\/[^\s]+$/i.test(url) ? url : null;
}

export function mapRunner(raw: unknown): Runner | null {
  const parsed = providerRunnerSchema.safeParse(raw);
  if (!parsed.success) return null;
  const r = parsed.data;
  const horse = text(r.horse);
  if (!horse) return null;
  return {
    number: smallInt(r.number),
    horse,
    jockey: text(r.jockey),
    trainer: text(r.trainer),
    weight: weightText(r),
    draw: smallInt(r.draw),
    silkColor: silk(r.silk_url),
  };
}

/** A card's or result's runners, in the order given; null when none can be read. */
export function mapRunners(raw: unknown): Runner[] | null {
  if (!Array.isArray(raw)) return null;
  const runners = raw
    .map(mapRunner)
    .filter((r): r is Runner => r !== null)
    .slice(0, RUNNERS_MAX);
  return runners.length > 0 ? runners : null;
}
