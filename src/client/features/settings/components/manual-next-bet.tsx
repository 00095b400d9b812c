import { SelectField } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { useMembers } from '@/features/members/api/get-members';
import { useNextBet } from '@/features/rotation/api/get-next-bet';
import { useSetNextBet } from '@/features/rotation/api/set-next-bet';
import { readApiErrorBody } from '@/lib/api';

/** With the manual strategy an admin picks who places the next bet (PUT /api/next-bet). */
export function ManualNextBet({ saved }: { saved: boolean }) {
  const members = useMembers();
  const nextBet = useNextBet();
  const setNext = useSetNextBet();

  if (!saved) {
    return (
      <p className="rounded-md bg-muted p-3 text-sm text-muted-foreground">
        Save the manual strategy, then pick who places the next bet here.
      </p>
    );
  }

  const options = (members.data ?? [])
    .filter((m) => m.isActive)
    .map((m) => ({ value: String(m.id), label: m.name }));
  const current = nextBet.data?.member ? String(nextBet.data.member.id) : undefined;

  const pick = async (value: string) => {
    try {
      const result = await setNext.mutateAsync({ memberId: Number(value) });
      toast({
        title: 'Next bet updated',
        description: result.member ? `${result.member.name} places the next bet.` : undefined,
      });
    } catch (error) {
      toast({
        title: 'Error',
        description: readApiErrorBody(error)?.message ?? 'Failed to set the next member. Please try again.',
        variant: 'destructive',
      });
    }
  };

  return (
    <SelectField
      className="grid-cols-1"
      label="Next member to bet"
      placeholder="Pick a member"
      hint="Applies to every upcoming race until you pick someone else."
      options={options}
      value={current}
      onValueChange={pick}
      disabled={setNext.isPending}
    />
  );
}
