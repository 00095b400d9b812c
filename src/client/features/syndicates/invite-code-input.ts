import { INVITE_CODE_LENGTH } from '@shared/invite-code';

/** What the invite-code box keeps: upper-case, no spaces or dashes, at most 8 characters (spec §5). */
export function cleanInviteCode(raw: string): string {
  return raw.replace(/[\s-]/g, '').toUpperCase().slice(0, INVITE_CODE_LENGTH);
}
