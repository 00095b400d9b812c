import { BANK_MESSAGES } from '@shared/bank';
import { MAX_AMOUNT } from '@shared/money';
import { z } from 'zod';
import { readApiErrorBody } from '@/lib/api';

const NUMBER = /^-?(\d+(\.\d*)?|\.\d+)$/;

/** An amount typed in major units ('25', '12.50', '-3' when `signed`); the server checks again. */
export function amountField(signed: boolean) {
  return z
    .string()
    .trim()
    .min(1, BANK_MESSAGES.amountRequired)
    .refine((v) => NUMBER.test(v), 'Enter an amount, e.g. 25.00')
    .refine((v) => !/\.\d{3,}$/.test(v), BANK_MESSAGES.amountDecimals)
    .refine(
      (v) => !NUMBER.test(v) || (signed ? Number(v) !== 0 : Number(v) > 0),
      signed ? BANK_MESSAGES.amountNonZero : BANK_MESSAGES.amountPositive,
    )
    .refine((v) => !NUMBER.test(v) || Math.abs(Number(v)) <= MAX_AMOUNT, BANK_MESSAGES.amountMax);
}

/** The server's refusal in words: its message, and the field messages of a 400. */
export function writeErrorMessage(error: unknown, fallback: string): string {
  const body = readApiErrorBody(error);
  if (!body) return fallback;
  const fields = body.errors?.map((e) => e.message).filter((m) => m !== body.message) ?? [];
  return [body.message, ...fields].join(' ');
}

/** Radix selects reserve '' for "no selection". */
export const EVERYONE = 'everyone';
