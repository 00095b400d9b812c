import type { InsightsShare, SharePeriod } from '@shared/insights';
import { useQuery } from '@tanstack/react-query';
import { Copy, Share2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Textarea } from '@/components/ui/textarea';
import { apiGet } from '@/lib/api';
import { copyWithToast } from '@/lib/clipboard';
import { queryKeys } from '@/lib/query-keys';

/** The periods a summary covers, one tab each. */
const SHARE_PERIODS: SharePeriod[] = ['week', 'month'];

/**
 * The week or month so far as text for a group chat (GET /api/insights/share): shown to read,
 * then shared through the phone's share sheet where there is one, or copied.
 */
export function ShareSummaryDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const [period, setPeriod] = useState<SharePeriod>('week');
  const summary = useQuery({
    queryKey: [...queryKeys.insights.all, 'share', period],
    queryFn: () => apiGet<InsightsShare>(`/api/insights/share?period=${period}`),
    enabled: open,
  });
  const text = summary.data?.text ?? '';
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  const share = async () => {
    try {
      await navigator.share({ text });
      onOpenChange(false);
    } catch {
      // Cancelled, or the share sheet failed: the text stays here to copy.
    }
  };
  const copy = async () => {
    const copied = { title: 'Summary copied', description: 'Paste it into your group chat.' };
    if (await copyWithToast(text, copied, 'the text')) onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Share summary</DialogTitle>
          <DialogDescription>
            The bets, profit, best winner and who is up next, ready for a group chat.
          </DialogDescription>
        </DialogHeader>
        {/* Tabs, each with its panel (the summary of its period): a tab whose aria-controls names no
            panel is an invalid ARIA reference (axe: aria-valid-attr-value, critical). Radix renders the
            inactive panel empty and hidden. */}
        <Tabs value={period} onValueChange={(v) => setPeriod(v as SharePeriod)}>
          <TabsList aria-label="Period" className="w-full">
            <TabsTrigger value="week">This week</TabsTrigger>
            <TabsTrigger value="month">This month</TabsTrigger>
          </TabsList>
          {SHARE_PERIODS.map((p) => (
            <TabsContent key={p} value={p} className="mt-4">
              <div className="grid gap-2">
                <Label htmlFor="share-summary-text">Summary</Label>
                {summary.isPending ? (
                  <Spinner />
                ) : summary.isError ? (
                  <p className="text-sm text-destructive">Could not load the summary.</p>
                ) : (
                  <Textarea
                    id="share-summary-text"
                    readOnly
                    rows={8}
                    className="text-sm md:text-sm"
                    value={text}
                    onFocus={(e) => e.currentTarget.select()}
                  />
                )}
              </div>
            </TabsContent>
          ))}
        </Tabs>
        <DialogFooter>
          <Button variant="outline" onClick={copy} disabled={!text}>
            <Copy aria-hidden="true" />
            Copy
          </Button>
          {canShare ? (
            <Button onClick={share} disabled={!text}>
              <Share2 aria-hidden="true" />
              Share
            </Button>
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
