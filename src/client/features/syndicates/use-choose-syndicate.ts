import { useLocation } from 'wouter';
import { toast } from '@/components/ui/use-toast';
import { readApiErrorBody } from '@/lib/api';
import { useSwitchSyndicate } from './api/switch-syndicate';

/**
 * Opens another of the user's syndicates (PUT /api/syndicates/active: every cached query dropped),
 * then the dashboard, and says so; a refusal shows the server's message. The header's menu and
 * the "Choose a syndicate" screen use it.
 */
export function useChooseSyndicate() {
  const [, navigate] = useLocation();
  const switchSyndicate = useSwitchSyndicate();
  const choose = async (target: { id: number; name: string }) => {
    try {
      await switchSyndicate.mutateAsync(target.id);
    } catch (error) {
      toast({
        title: 'Error',
        description: readApiErrorBody(error)?.message ?? 'Could not switch syndicate. Please try again.',
        variant: 'destructive',
      });
      return;
    }
    navigate('/');
    toast({ title: 'Syndicate switched', description: `You are now in ${target.name}.` });
  };
  return { choose, isPending: switchSyndicate.isPending };
}
