// A user's own preferences (issue 17): stored on the user, so they follow the person across
// syndicates and devices. Today one: muting the toasts for others' settlements and payments.
import { eq, sql } from 'drizzle-orm';
import type { Preferences } from '../../../shared/preferences';
import { builtOnce, type Db } from '../../db/client';
import { users } from '../../db/schema';

const preferencesOf = builtOnce((db) =>
  db
    .select({ muteLiveToasts: users.muteLiveToasts })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('preferences_of'),
);

export async function getPreferences(db: Db, userId: number): Promise<Preferences> {
  const [row] = await preferencesOf(db).execute({ userId });
  return { muteLiveToasts: row?.muteLiveToasts ?? false };
}

export async function setPreferences(db: Db, userId: number, prefs: Preferences): Promise<Preferences> {
  const [row] = await db
    .update(users)
    .set({ muteLiveToasts: prefs.muteLiveToasts })
    .where(eq(users.id, userId))
    .returning({ muteLiveToasts: users.muteLiveToasts });
  return { muteLiveToasts: row?.muteLiveToasts ?? prefs.muteLiveToasts };
}
