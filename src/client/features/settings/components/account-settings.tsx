import { zodResolver } from '@hookform/resolvers/zod';
import { INITIALS_MAX, MEMBER_MESSAGES, MEMBER_NAME_MAX, MEMBER_NAME_MIN } from '@shared/member';
import { KeyRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { useMyMember } from '@/features/members/api/get-my-member';
import { useUpdateMember } from '@/features/members/api/update-member';
import { readApiErrorBody } from '@/lib/api';
import { ChangePasswordDialog } from './change-password-dialog';
import { LeaveSyndicate } from './leave-syndicate';

const profileSchema = z.object({
  name: z
    .string()
    .trim()
    .min(MEMBER_NAME_MIN, MEMBER_MESSAGES.name)
    .max(MEMBER_NAME_MAX, MEMBER_MESSAGES.nameMax),
  initials: z
    .string()
    .trim()
    .min(1, MEMBER_MESSAGES.initialsRequired)
    .max(INITIALS_MAX, MEMBER_MESSAGES.initialsMax),
});
type ProfileValues = z.infer<typeof profileSchema>;

/**
 * The Account tab (DESIGN: it works): your own name and initials save to your member; email and
 * role are shown read-only (only an admin changes roles, on the Members page).
 */
export function AccountSettings() {
  const me = useMyMember();
  const update = useUpdateMember();
  const [changingPassword, setChangingPassword] = useState(false);
  const form = useForm<ProfileValues>({
    resolver: zodResolver(profileSchema),
    defaultValues: { name: '', initials: '' },
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (me.data) form.reset({ name: me.data.name, initials: me.data.initials });
  }, [me.data, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    if (!me.data) return;
    try {
      await update.mutateAsync({
        id: me.data.id,
        data: { name: values.name, initials: values.initials.toUpperCase() },
      });
    } catch (error) {
      toast({
        title: 'Error',
        description: readApiErrorBody(error)?.message ?? 'Failed to save profile. Please try again.',
        variant: 'destructive',
      });
      return;
    }
    toast({ title: 'Profile saved' });
  });

  return (
    <div className="grid grid-cols-1 gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Profile</CardTitle>
          <CardDescription>How you appear to the rest of the syndicate.</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={onSubmit} noValidate className="grid grid-cols-1 gap-4" aria-label="Profile">
            <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
              <FormField
                label="Full Name"
                autoComplete="name"
                error={errors.name?.message}
                {...form.register('name')}
              />
              <FormField
                label="Email"
                type="email"
                value={me.data?.email ?? ''}
                readOnly
                hint="Your sign-in email; it cannot be changed here."
              />
              <FormField
                label="Initials"
                className="uppercase"
                maxLength={INITIALS_MAX + 2}
                error={errors.initials?.message}
                {...form.register('initials')}
              />
              <FormField
                label="Role"
                value={me.data ? (me.data.role === 'admin' ? 'Admin' : 'Member') : ''}
                readOnly
                hint="Only an admin can change roles, on the Members page."
              />
            </div>
            <div className="flex justify-end">
              <Button type="submit" disabled={update.isPending || !me.data}>
                {update.isPending ? 'Saving...' : 'Save Profile'}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Password</CardTitle>
          <CardDescription>
            Changing it signs out your other devices. If you sign in through an identity provider, change it
            there.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button variant="outline" onClick={() => setChangingPassword(true)}>
            <KeyRound aria-hidden="true" />
            Change Password
          </Button>
        </CardContent>
        <ChangePasswordDialog open={changingPassword} onOpenChange={setChangingPassword} />
      </Card>

      <LeaveSyndicate />
    </div>
  );
}
