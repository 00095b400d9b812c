import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { readApiErrorBody } from '@/lib/api';
import { useJoinSyndicate } from './api/join-syndicate';
import { cleanInviteCode } from './invite-code-input';

export function JoinSyndicateForm({
  initialCode,
  onBack,
  onDone,
}: {
  initialCode: string;
  onBack: () => void;
  onDone: () => void;
}) {
  const [code, setCode] = useState(initialCode);
  const join = useJoinSyndicate();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const inviteCode = code.trim().toUpperCase();
    if (!inviteCode) {
      toast({ title: 'Error', description: 'Please enter an invite code', variant: 'destructive' });
      return;
    }
    try {
      await join.mutateAsync({ inviteCode });
    } catch (error) {
      toast({
        title: 'Error',
        description:
          readApiErrorBody(error)?.message ?? 'Failed to join syndicate. Please check your invite code.',
        variant: 'destructive',
      });
      return;
    }
    toast({ title: 'Success', description: "You've successfully joined the syndicate!" });
    onDone();
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <div>
        <h1 className="text-2xl font-bold">Join a Syndicate</h1>
        <p className="mt-1 text-sm text-muted-foreground">Enter the invite code you were given.</p>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="invite-code">Invite Code</Label>
        <Input
          id="invite-code"
          value={code}
          onChange={(e) => setCode(cleanInviteCode(e.target.value))}
          placeholder="ABCD2345"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-describedby="invite-code-hint"
          className="font-mono text-lg tracking-[0.3em] uppercase"
        />
        <p id="invite-code-hint" className="text-sm text-muted-foreground">
          Ask your syndicate admin for the invite code — they can find it on the Settings page.
        </p>
      </div>
      <div className="flex justify-between gap-3">
        <Button type="button" variant="outline" onClick={onBack}>
          Back
        </Button>
        <Button type="submit" disabled={join.isPending}>
          {join.isPending ? 'Joining...' : 'Join'}
        </Button>
      </div>
    </form>
  );
}
