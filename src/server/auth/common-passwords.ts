// The 10,000 most common passwords (common-passwords.txt, one per line, lower-cased, most
// common first; its source and licence in common-passwords.LICENSE.txt). Read once, when the
// server starts: a missing file stops it then rather than failing a sign-up later.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Beside this file in src; beside the bundle in dist (scripts/build.mjs copies it). */
const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'common-passwords.txt');

const common = new Set(
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean),
);

/** Whether the password is on the list, compared without case ("Password" is "password"). */
export function isCommonPassword(password: string): boolean {
  return common.has(password.toLowerCase());
}

export function commonPasswordCount(): number {
  return common.size;
}
