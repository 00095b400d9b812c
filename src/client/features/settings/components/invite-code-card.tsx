import { Check, Copy, Download, RefreshCw, Share2 } from 'lucide-react';
import { QRCodeCanvas } from 'qrcode.react';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useSyndicates } from '@/features/syndicates/api/get-syndicates';
import { copyText } from '@/lib/clipboard';
import { useRegenerateInviteCode } from '../api/regenerate-invite-code';
import { shareInviteLink } from '../share-link';

/** Spec §9: the copied indicator resets after 2 seconds; the QR code is 160 px at level M. */
export const COPIED_RESET_MS = 2000;
const QR_SIZE = 160;

export const joinUrl = (code: string) => `${window.location.origin}/join?code=${encodeURIComponent(code)}`;

/** The invite code (copy, regenerate for admins) and its QR code (download, share). */
export function InviteCodeCard({ isAdmin, syndicateName }: { isAdmin: boolean; syndicateName: string }) {
  const syndicates = useSyndicates(true);
  const code = syndicates.data?.[0]?.inviteCode;
  const regenerate = useRegenerateInviteCode();
  const [copied, setCopied] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const qrWrapper = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_RESET_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    if (!code) return;
    if (await copyText(code)) {
      setCopied(true);
      toast({ title: 'Copied!', description: 'Invite code copied to clipboard' });
    } else {
      toast({ title: 'Error', description: 'Could not copy the invite code', variant: 'destructive' });
    }
  };

  const download = () => {
    const canvas = qrWrapper.current?.querySelector('canvas');
    if (!canvas || !code) return;
    const link = document.createElement('a');
    link.href = canvas.toDataURL('image/png');
    link.download = `invite-${code}.png`;
    link.click();
    toast({ title: 'QR Code Downloaded', description: 'Print it or send it to new members.' });
  };

  const doRegenerate = async () => {
    try {
      await regenerate.mutateAsync();
      toast({ title: 'Invite code regenerated', description: 'The old code no longer works.' });
    } catch {
      toast({
        title: 'Error',
        description: 'Failed to regenerate the invite code. Please try again.',
        variant: 'destructive',
      });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Invite Members</CardTitle>
        <CardDescription>Share the code or the QR code; new members enter it when they join.</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-5 md:grid-cols-[minmax(0,1fr)_auto] md:items-start">
        <div className="grid grid-cols-1 gap-3">
          <p className="text-sm font-medium" id="invite-code-label">
            Invite Code
          </p>
          <div className="flex flex-wrap items-center gap-2">
            {code ? (
              <output
                aria-labelledby="invite-code-label"
                className="rounded-md border border-input bg-muted px-4 py-2 font-mono text-xl font-semibold tracking-[0.25em]"
                data-testid="invite-code"
              >
                {code}
              </output>
            ) : (
              <Skeleton className="h-11 w-44" />
            )}
            <Button
              variant="outline"
              onClick={copy}
              disabled={!code}
              aria-label={copied ? 'Invite code copied' : 'Copy invite code'}
            >
              {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
              {copied ? 'Copied' : 'Copy'}
            </Button>
            {isAdmin ? (
              <Button
                variant="ghost"
                onClick={() => setConfirming(true)}
                disabled={!code || regenerate.isPending}
              >
                <RefreshCw aria-hidden="true" />
                Regenerate
              </Button>
            ) : null}
          </div>
          {code ? (
            <p className="break-all text-xs text-muted-foreground">
              Join link: <span data-testid="invite-link">{joinUrl(code)}</span>
            </p>
          ) : null}
        </div>
        <div className="grid justify-items-center gap-3">
          <div ref={qrWrapper} className="rounded-md border border-border bg-white p-3">
            {code ? (
              <QRCodeCanvas
                value={joinUrl(code)}
                size={QR_SIZE}
                level="M"
                role="img"
                aria-label={`QR code linking to ${joinUrl(code)}`}
                data-testid="invite-qr"
                data-value={joinUrl(code)}
              />
            ) : (
              <Skeleton className="size-40" />
            )}
          </div>
          <div className="flex flex-wrap justify-center gap-2">
            <Button variant="outline" size="sm" onClick={download} disabled={!code}>
              <Download aria-hidden="true" />
              Download as PNG
            </Button>
            <Button
              variant="outline"
              size="sm"
              onClick={() => code && shareInviteLink(joinUrl(code), syndicateName)}
              disabled={!code}
            >
              <Share2 aria-hidden="true" />
              Share
            </Button>
          </div>
        </div>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Regenerate the invite code?"
        description="The current code and QR code stop working at once. Anyone who has not joined yet will need the new code."
        confirmLabel="Regenerate"
        pending={regenerate.isPending}
        onConfirm={doRegenerate}
      />
    </Card>
  );
}
