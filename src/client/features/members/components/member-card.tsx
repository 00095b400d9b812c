import type { Member } from '@shared/member';
import type { TopPerformer } from '@shared/stats';
import { type MemberSubscription, type SubscriptionPhase, subscriptionPhase } from '@shared/subscription';
import { CreditCard, FileText, Link2, Mail, MoreVertical, Pencil, Trash2 } from 'lucide-react';
import { memo } from 'react';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { InitialsAvatar } from '@/components/ui/initials-avatar';
import { cn } from '@/lib/cn';
import { figureWidth, useSyndicateFormat } from '@/lib/format';
import { roleLabel } from './member-form-schema';

export interface MemberCardProps {
  member: Member;
  subscription: MemberSubscription | undefined;
  /** Still loading the member's subscriptions. */
  subscriptionPending: boolean;
  performance: TopPerformer | undefined;
  /** The member's bank account (balance and dues owed, in dollars); undefined while the bank loads, null when it failed. */
  bank: MemberBank | undefined | null;
  isAdmin: boolean;
  onEdit: (member: Member) => void;
  onManageSubscription: (member: Member) => void;
  onDelete: (member: Member) => void;
  /** Copy the personal claim link of a member no account is linked to yet. */
  onCopyInviteLink: (member: Member) => void;
  /** Open the member's bank statement. */
  onStatement: (member: Member) => void;
}

/** What a member card shows of the bank: a member the bank does not list has 0 and owes nothing. */
export interface MemberBank {
  balance: number;
  duesOwed: number;
}

/**
 * A member's card: who they are, their plan, and how their bets have gone. Memoised: the members
 * page draws up to a syndicate's every member, and their subscriptions arrive one call at a time.
 */
export const MemberCard = memo(function MemberCard({
  member,
  subscription,
  subscriptionPending,
  performance,
  bank,
  isAdmin,
  onEdit,
  onManageSubscription,
  onDelete,
  onCopyInviteLink,
  onStatement,
}: MemberCardProps) {
  const fmt = useSyndicateFormat();
  const earnings = performance?.earnings ?? 0;

  return (
    // Off-screen cards skip layout and paint (a syndicate may list 1,000 members).
    <Card
      className="flex min-w-0 flex-col gap-4 p-5 [contain-intrinsic-size:auto_22rem] [content-visibility:auto]"
      data-testid="member-card"
    >
      <div className="flex items-start gap-3">
        <InitialsAvatar name={member.name} initials={member.initials} className="size-12 text-base" />
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-base font-semibold" title={member.name}>
            {member.name}
          </h2>
          <p className="text-sm text-muted-foreground">{roleLabel(member.role)}</p>
        </div>
        {isAdmin ? (
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button
                variant="ghost"
                size="icon"
                className="-mt-1 -mr-2 shrink-0"
                aria-label={`Actions for ${member.name}`}
                // The members page moves focus here once the card before it is deleted.
                data-member-actions={member.id}
              >
                <MoreVertical aria-hidden="true" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent>
              <DropdownMenuItem onSelect={() => onEdit(member)}>
                <Pencil aria-hidden="true" />
                Edit
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => onManageSubscription(member)}>
                <CreditCard aria-hidden="true" />
                Manage Subscription
              </DropdownMenuItem>
              {member.linked ? null : (
                <DropdownMenuItem onSelect={() => onCopyInviteLink(member)}>
                  <Link2 aria-hidden="true" />
                  Copy invite link
                </DropdownMenuItem>
              )}
              <DropdownMenuSeparator />
              <DropdownMenuItem destructive onSelect={() => onDelete(member)}>
                <Trash2 aria-hidden="true" />
                Delete
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        ) : null}
      </div>

      <dl className="grid grid-cols-[minmax(0,1fr)] gap-2.5 text-sm">
        <div className="flex items-center gap-2 text-muted-foreground">
          <dt className="sr-only">Email</dt>
          <dd className="flex min-w-0 items-center gap-2" title={member.email}>
            <Mail aria-hidden="true" className="size-4 shrink-0" />
            <span className="truncate">{member.email}</span>
          </dd>
        </div>
        <div className="flex items-center justify-between gap-2">
          <dt className="text-muted-foreground">Status</dt>
          <dd>
            <Badge variant={member.isActive ? 'success' : 'outline'}>
              {member.isActive ? 'Active' : 'Inactive'}
            </Badge>
          </dd>
        </div>
        <div className="grid grid-cols-1 gap-1 rounded-md bg-muted/60 p-3">
          <dt className="text-xs font-medium text-muted-foreground">Subscription</dt>
          <dd>
            {subscription ? (
              <SubscriptionLine subscription={subscription} />
            ) : (
              <span className="text-muted-foreground">
                {subscriptionPending ? 'Loading...' : 'No active subscription'}
              </span>
            )}
          </dd>
        </div>
        <div className="grid grid-cols-1 gap-1">
          <dt className="text-xs font-medium text-muted-foreground">Bank balance</dt>
          <dd className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="font-semibold tabular-nums" data-testid="member-bank-balance">
              {bank ? fmt.money(bank.balance) : bank === null ? '—' : '…'}
            </span>
            {bank && bank.duesOwed > 0 ? (
              <Badge variant="warning" data-testid="member-owes">
                Owes {fmt.money(bank.duesOwed)}
              </Badge>
            ) : null}
            <Button
              variant="outline"
              size="sm"
              className="ml-auto"
              onClick={() => onStatement(member)}
              aria-label={`Statement of ${member.name}`}
            >
              <FileText aria-hidden="true" />
              Statement
            </Button>
          </dd>
        </div>
      </dl>
      <dl className="grid grid-cols-2 gap-3 border-t border-border pt-3 text-sm">
        <div>
          <dt className="text-xs text-muted-foreground">Win Rate</dt>
          <dd className="text-lg font-semibold">
            {performance ? fmt.percent(performance.winRate) : 'No bets'}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Earnings</dt>
          <dd
            className={cn(
              earningsSize(fmt.money(earnings, { signed: true, decimals: 0 })),
              'font-semibold',
              earnings >= 0 ? 'text-success' : 'text-destructive',
            )}
          >
            {fmt.money(earnings, { signed: true, decimals: 0 })}
          </dd>
        </div>
      </dl>
    </Card>
  );
});

/** How each phase of the member's latest assignment reads: its badge and which date it shows. */
const PHASES: Record<
  SubscriptionPhase,
  { badge: string; variant: BadgeVariant; label: string; date: (s: MemberSubscription) => string }
> = {
  current: { badge: 'Active', variant: 'success', label: 'Expires', date: (s) => s.endDate },
  ended: { badge: 'Expired', variant: 'destructive', label: 'Ended', date: (s) => s.endDate },
  upcoming: { badge: 'Upcoming', variant: 'info', label: 'Starts', date: (s) => s.startDate },
};

/**
 * The member's latest plan and where it stands today in the syndicate's zone: Active and when it
 * expires while current (start ≤ today < end), Expired and when it ended once its end date has
 * come, Upcoming and when it starts before its start date (the server counts a plan's active
 * members by the same rule).
 */
function SubscriptionLine({ subscription }: { subscription: MemberSubscription }) {
  const fmt = useSyndicateFormat();
  const phase = PHASES[subscriptionPhase(subscription, fmt.todayKey())];
  const day = phase.date(subscription);
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
      <span className="flex min-w-0 items-center gap-2 font-medium [overflow-wrap:anywhere]">
        {subscription.plan.name}
        <Badge variant={phase.variant}>{phase.badge}</Badge>
      </span>
      <span className="text-xs text-muted-foreground">
        {phase.label} <time dateTime={day}>{fmt.date(day, 'MMM d, yyyy')}</time>
      </span>
    </div>
  );
}

/**
 * The card's half-width Earnings (about 130 px in three cards a row at 1280 px): a sum in the
 * millions, or a symbol with letters ("+NZ$698,000" spilled out), steps down.
 */
function earningsSize(text: string): string {
  const width = figureWidth(text);
  // Beyond the billions (amounts near their limits) it breaks, as the stat cards' figures do.
  const size = width > 12.8 ? 'text-xs' : width > 10.5 ? 'text-sm' : width > 8.5 ? 'text-base' : 'text-lg';
  return `${size} break-words`;
}
