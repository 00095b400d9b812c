import { zodResolver } from '@hookform/resolvers/zod';
import { deriveInitials } from '@shared/initials';
import type { Member } from '@shared/member';
import { INITIALS_MAX } from '@shared/member';
import { useEffect, useId, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
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
import { Label } from '@/components/ui/label';
import { SelectField } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { errorStatus, readApiErrorBody } from '@/lib/api';
import { useCreateMember } from '../api/create-member';
import { useUpdateMember } from '../api/update-member';
import {
  EMPTY_MEMBER_FORM,
  type MemberFormValues,
  memberFormSchema,
  ROLE_OPTIONS,
} from './member-form-schema';

const toForm = (m: Member): MemberFormValues => ({
  name: m.name,
  email: m.email,
  initials: m.initials,
  role: m.role,
  isActive: m.isActive,
});

/**
 * Add New Member (member undefined) or edit one (DESIGN: admins edit name, email, initials, role and
 * status). While adding, the initials follow the name until the user edits them.
 */
export function MemberFormDialog({
  open,
  onOpenChange,
  member,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  member?: Member | undefined;
}) {
  const create = useCreateMember();
  const update = useUpdateMember();
  const pending = create.isPending || update.isPending;
  const initialsEdited = useRef(false);
  const activeId = useId();
  const form = useForm<MemberFormValues>({
    resolver: zodResolver(memberFormSchema),
    defaultValues: EMPTY_MEMBER_FORM,
  });
  const { errors } = form.formState;

  useEffect(() => {
    form.reset(open && member ? toForm(member) : EMPTY_MEMBER_FORM);
    initialsEdited.current = member !== undefined;
  }, [open, member, form]);

  const nameField = form.register('name', {
    onChange: (e: { target: { value: string } }) => {
      if (!initialsEdited.current) form.setValue('initials', deriveInitials(e.target.value));
    },
  });
  const initialsField = form.register('initials', {
    onChange: () => {
      initialsEdited.current = true;
    },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    const data = { ...values, initials: values.initials.toUpperCase() };
    try {
      if (member) await update.mutateAsync({ id: member.id, data });
      else await create.mutateAsync({ ...data, isActive: true });
    } catch (error) {
      const body = readApiErrorBody(error);
      if (errorStatus(error) === 409 && body) {
        // e.g. the email is taken, or the last admin would be demoted.
        if (/email/i.test(body.message)) form.setError('email', { message: body.message });
        toast({ title: 'Error', description: body.message, variant: 'destructive' });
      } else {
        toast({
          title: 'Error',
          description: member
            ? 'Failed to update member. Please try again.'
            : 'Failed to add member. Please try again.',
          variant: 'destructive',
        });
      }
      return;
    }
    toast({ title: member ? 'Member updated' : 'Member added' });
    onOpenChange(false);
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{member ? 'Edit Member' : 'Add New Member'}</DialogTitle>
          <DialogDescription>
            {member ? `Update ${member.name}'s details.` : 'Add a member to the syndicate.'}
          </DialogDescription>
        </DialogHeader>
        <form
          onSubmit={onSubmit}
          noValidate
          className="grid grid-cols-1 gap-4"
          aria-label={member ? 'Edit member' : 'Add member'}
        >
          <FormField label="Name" autoComplete="off" error={errors.name?.message} {...nameField} />
          <FormField
            label="Email"
            type="email"
            autoComplete="off"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <FormField
            label="Initials"
            hint={member ? undefined : 'Taken from the name until you change them.'}
            maxLength={INITIALS_MAX + 2}
            className="uppercase"
            error={errors.initials?.message}
            {...initialsField}
          />
          <Controller
            control={form.control}
            name="role"
            render={({ field }) => (
              <SelectField
                className="grid-cols-1"
                label="Role"
                options={ROLE_OPTIONS}
                value={field.value}
                onValueChange={field.onChange}
                error={errors.role?.message}
              />
            )}
          />
          {member ? (
            <Controller
              control={form.control}
              name="isActive"
              render={({ field }) => (
                <div className="flex items-center justify-between gap-3 rounded-md border border-border p-3">
                  <div>
                    <Label htmlFor={activeId}>Active</Label>
                    <p className="mt-1 text-xs text-muted-foreground">
                      Inactive members stay listed but skip the rotation.
                    </p>
                  </div>
                  <Switch id={activeId} checked={field.value} onCheckedChange={field.onChange} />
                </div>
              )}
            />
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? 'Saving...' : member ? 'Save Changes' : 'Add Member'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
