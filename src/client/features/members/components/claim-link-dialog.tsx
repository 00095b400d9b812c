import type { ClaimLink } from '@shared/member';
import { Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { copyWithToast } from '@/lib/clipboard';
import { useSyndicateFormat } from '@/lib/format';

export interface ShownClaimLink {
  memberName: string;
  link: ClaimLink;
}

/**
 * Shown when the browser would not copy the invite link by itself (clipboard refused): the link
 * in a field to select or copy from, with what it does and until when.
 */
export function ClaimLinkDialog({
  shown,
  onOpenChange,
}: {
  shown: ShownClaimLink | null;
  onOpenChange: (open: boolean) => void;
}) {
  const f = useSyndicateFormat();
  const copy = async () => {
    if (!shown) return;
    if (await copyWithToast(shown.link.url, { title: 'Invite link copied' }, 'the link')) onOpenChange(false);
  };
  return (
    <Dialog open={shown !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Invite link for {shown?.memberName}</DialogTitle>
          <DialogDescription>
            Send this link to {shown?.memberName} only: whoever opens it signed in becomes this member. It
            works once, until {shown ? f.date(shown.link.expiresAt, 'MMM d, yyyy') : ''}.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor="claim-link-url">Invite link</Label>
          <Input
            id="claim-link-url"
            readOnly
            value={shown?.link.url ?? ''}
            onFocus={(e) => e.currentTarget.select()}
            className="font-mono text-xs md:text-xs"
          />
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Close
          </Button>
          <Button onClick={copy}>
            <Copy aria-hidden="true" />
            Copy link
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
