import { and, eq, isNull } from 'drizzle-orm';
import type { Member } from '../../../shared/member';
import type { Db } from '../../db/client';
import { members } from '../../db/schema';
import { notFound } from '../../lib/http-error';

export const memberColumns = {
  id: members.id,
  name: members.name,
  email: members.email,
  initials: members.initials,
  role: members.role,
  isActive: members.isActive,
};

export async function getMember(db: Db, syndicateId: number, memberId: number): Promise<Member> {
  const [member] = await db
    .select(memberColumns)
    .from(members)
    .where(and(eq(members.syndicateId, syndicateId), eq(members.id, memberId), isNull(members.archivedAt)))
    .limit(1);
  if (!member) throw notFound('Member not found');
  return member;
}
