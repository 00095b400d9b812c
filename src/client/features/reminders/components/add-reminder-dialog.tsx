import { zodResolver } from '@hookform/resolvers/zod';
import { REMINDER_TEXT_MAX } from '@shared/reminder';
import { useEffect, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { useMembers } from '@/features/members/api/get-members';
import { useSyndicateFormat } from '@/lib/format';
import { useCreateReminder } from '../api/create-reminder';

/** Radix selects reserve '' for "no selection", so "nobody" has its own value. */
const NO_MEMBER = 'none';
const PAST_DAY = 'Date cannot be in the past';

/** Spec §5: text and date required, no past day (in the syndicate's zone), member optional. */
function reminderFormSchema(today: string) {
  return z.object({
    text: z
      .string()
      .trim()
      .min(1, 'Reminder text is required')
      .max(REMINDER_TEXT_MAX, `Reminder text must be at most ${REMINDER_TEXT_MAX} characters`),
    // 'YYYY-MM-DD' strings compare in calendar order.
    date: z
      .string()
      .min(1, 'A date is required')
      .refine((d) => d >= today, PAST_DAY),
    memberId: z.string(),
  });
}
type ReminderFormValues = z.infer<ReturnType<typeof reminderFormSchema>>;

const EMPTY: ReminderFormValues = { text: '', date: '', memberId: NO_MEMBER };

/** The Add New Reminder dialog (used by the Reminders page and the dashboard). */
export function AddReminderDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const fmt = useSyndicateFormat();
  const today = fmt.todayKey();
  const schema = useMemo(() => reminderFormSchema(today), [today]);
  const members = useMembers();
  const create = useCreateReminder();
  const form = useForm<ReminderFormValues>({ resolver: zodResolver(schema), defaultValues: EMPTY });
  const { errors } = form.formState;

  // Spec §4: dialogs reset their forms on close.
  useEffect(() => {
    if (!open) form.reset(EMPTY);
  }, [open, form]);

  const memberOptions = useMemo(
    () => [
      { value: NO_MEMBER, label: 'No one (unassigned)' },
      ...(members.data ?? []).filter((m) => m.isActive).map((m) => ({ value: String(m.id), label: m.name })),
    ],
    [members.data],
  );

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync({
        text: values.text,
        date: values.date,
        memberId: values.memberId === NO_MEMBER ? null : Number(values.memberId),
        completed: false,
      });
    } catch {
      toast({
        title: 'Error',
        description: 'Failed to add reminder. Please try again.',
        variant: 'destructive',
      });
      return;
    }
    toast({ title: 'Reminder added' });
    onOpenChange(false);
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add New Reminder</DialogTitle>
          <DialogDescription>Set a reminder for the syndicate or for one member.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid grid-cols-1 gap-4" aria-label="Add reminder">
          <FormField
            label="Reminder"
            placeholder="e.g. Pay the monthly contribution"
            error={errors.text?.message}
            maxLength={REMINDER_TEXT_MAX}
            {...form.register('text')}
          />
          <FormField
            label="Date"
            type="date"
            min={today}
            error={errors.date?.message}
            {...form.register('date')}
          />
          <Controller
            control={form.control}
            name="memberId"
            render={({ field }) => (
              <SelectField
                className="grid-cols-1"
                label="Assign to (optional)"
                options={memberOptions}
                value={field.value}
                onValueChange={field.onChange}
              />
            )}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Adding...' : 'Add Reminder'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
