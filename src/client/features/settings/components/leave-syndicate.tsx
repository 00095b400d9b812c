import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { useLeaveSyndicate } from '@/features/members/api/leave-syndicate';
import { readApiErrorBody } from '@/lib/api';

/** Danger Zone: leave the syndicate (the last admin cannot); afterwards / shows onboarding. */
export function LeaveSyndicate() {
  const [confirming, setConfirming] = useState(false);
  const leave = useLeaveSyndicate();
  const [, navigate] = useLocation();

  const doLeave = async () => {
    try {
      await leave.mutateAsync();
    } catch (error) {
      toast({
        title: 'Error',
        description: readApiErrorBody(error)?.message ?? 'Failed to leave the syndicate. Please try again.',
        variant: 'destructive',
      });
      return;
    }
    toast({ title: 'You left the syndicate' });
    navigate('/');
  };

  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle className="text-destructive">Danger Zone</CardTitle>
        <CardDescription>
          Leaving removes your access. Your bets and history stay with the syndicate.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="destructive" onClick={() => setConfirming(true)} disabled={leave.isPending}>
          <LogOut aria-hidden="true" />
          Leave Syndicate
        </Button>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Leave Syndicate"
        description="Are you sure you want to leave this syndicate? You will need a new invite code to rejoin."
        confirmLabel="Leave Syndicate"
        pending={leave.isPending}
        onConfirm={doLeave}
      />
    </Card>
  );
}
