import type { Reminder } from '@shared/reminder';
import { BellOff } from 'lucide-react';
import { useMemo } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { toast } from '@/components/ui/use-toast';
import { useMembers } from '@/features/members/api/get-members';
import { useMyMember } from '@/features/members/api/get-my-member';
import { useIsAdmin } from '@/lib/use-role';
import { useCompleteReminder } from '../api/complete-reminder';
import { useDeleteReminder } from '../api/delete-reminder';
import { ReminderItem } from './reminder-item';

/** A list of reminders with complete and delete wired to their §8 toasts. */
export function ReminderList({ reminders, emptyText }: { reminders: Reminder[]; emptyText: string }) {
  const members = useMembers();
  const me = useMyMember();
  const isAdmin = useIsAdmin();
  const complete = useCompleteReminder();
  const remove = useDeleteReminder();

  const names = useMemo(() => new Map((members.data ?? []).map((m) => [m.id, m.name])), [members.data]);
  const myId = me.data?.id;
  const canChange = (r: Reminder) =>
    isAdmin || r.memberId === null || (myId !== undefined && r.memberId === myId);

  const onComplete = async (r: Reminder) => {
    if (r.completed) return;
    try {
      await complete.mutateAsync(r.id);
      toast({ title: 'Reminder completed' });
    } catch {
      toast({
        title: 'Error',
        description: 'Failed to update reminder. Please try again.',
        variant: 'destructive',
      });
    }
  };

  const onDelete = async (r: Reminder) => {
    try {
      await remove.mutateAsync(r.id);
      toast({ title: 'Reminder deleted' });
    } catch {
      toast({
        title: 'Error',
        description: 'Failed to delete reminder. Please try again.',
        variant: 'destructive',
      });
    }
  };

  if (reminders.length === 0) return <EmptyState icon={BellOff} title={emptyText} />;

  return (
    <ul className="grid grid-cols-1 gap-3">
      {reminders.map((r) => (
        <ReminderItem
          key={r.id}
          reminder={r}
          memberName={r.memberId === null ? undefined : names.get(r.memberId)}
          canChange={canChange(r)}
          completing={complete.isPending && complete.variables === r.id}
          onComplete={onComplete}
          onDelete={onDelete}
        />
      ))}
    </ul>
  );
}
