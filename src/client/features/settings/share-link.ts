import { toast } from '@/components/ui/use-toast';
import { copyText } from '@/lib/clipboard';

const isUserCancel = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * Share the invite link natively ('Shared!'); with no native share, copy it ('Link Copied').
 * A user cancelling says nothing; any other failure → 'Share failed' (spec §8).
 */
export async function shareInviteLink(url: string, syndicateName: string): Promise<void> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({
        title: `Join ${syndicateName}`,
        text: `Join ${syndicateName} on Racing Syndicate`,
        url,
      });
      toast({ title: 'Shared!', description: 'The invite link was shared.' });
    } catch (error) {
      if (!isUserCancel(error)) {
        toast({
          title: 'Share failed',
          description: 'Could not share the invite link',
          variant: 'destructive',
        });
      }
    }
    return;
  }
  if (await copyText(url)) {
    toast({ title: 'Link Copied', description: 'The invite link is on your clipboard.' });
  } else {
    toast({ title: 'Share failed', description: 'Could not share the invite link', variant: 'destructive' });
  }
}
