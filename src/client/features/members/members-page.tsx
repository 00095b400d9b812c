import type { Member } from '@shared/member';
import { Plus, Users } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useBank } from '@/features/bank/api/get-bank';
import { StatementSheet } from '@/features/bank/components/statement-sheet';
import { ExportCsvLink } from '@/features/export/export-csv-link';
import { MEMBERS_CSV_URL } from '@/features/export/export-urls';
import { useTopPerformers } from '@/features/stats/api/get-top-performers';
import { errorStatus, readApiErrorBody } from '@/lib/api';
import { copyText } from '@/lib/clipboard';
import { useDialogState } from '@/lib/use-dialog-state';
import { useProgressiveCount } from '@/lib/use-progressive-count';
import { useIsAdmin } from '@/lib/use-role';
import { useStableCallback } from '@/lib/use-stable-callback';
import { useCreateClaimLink } from './api/create-claim-link';
import { useDeleteMember } from './api/delete-member';
import { useAllMemberSubscriptions } from './api/get-member-subscriptions';
import { useMembers } from './api/get-members';
import { ClaimLinkDialog, type ShownClaimLink } from './components/claim-link-dialog';
import { FormerMembersSection } from './components/former-members-section';
import { ManageSubscriptionDialog } from './components/manage-subscription-dialog';
import { type MemberBank, MemberCard } from './components/member-card';
import { MemberFormDialog } from './components/member-form-dialog';

/** Spec §9: the members page asks for every performer (limit 100). */
const PERFORMERS_LIMIT = 100;

/** Cards drawn a step (each about 45 elements): fewer than a list's rows or options. */
const CARDS_A_STEP = 20;

/** A member the bank does not list yet (one object, so their card is not drawn again). */
const NO_ENTRIES: MemberBank = { balance: 0, duesOwed: 0 };

export function MembersPage() {
  const isAdmin = useIsAdmin();
  const members = useMembers();
  // A syndicate of 1,000 members drew its 1,000 cards (45,000 elements) in one task of about 1.7 s
  // on a fast desktop: they are drawn a step at a time.
  const shown = useProgressiveCount(members.data?.length ?? 0, CARDS_A_STEP);
  // Each drawn card's member (spec §7's one call per member, made as their card is drawn).
  const ids = useMemo(() => (members.data ?? []).slice(0, shown).map((m) => m.id), [members.data, shown]);
  const subscriptions = useAllMemberSubscriptions(ids);
  const performers = useTopPerformers(PERFORMERS_LIMIT);
  const bank = useBank();
  const remove = useDeleteMember();
  const claimLink = useCreateClaimLink();

  const [editing, setEditing] = useState<{ member?: Member } | null>(null);
  const [managing, setManaging] = useState<Member | null>(null);
  const [deleting, setDeleting] = useState<Member | null>(null);
  const [shownLink, setShownLink] = useState<ShownClaimLink | null>(null);
  // The statement sheet gives focus back to the card's Statement button when it closes.
  const statement = useDialogState();
  const [statementOf, setStatementOf] = useState<number | null>(null);

  const byMember = useMemo(
    () => new Map((performers.data ?? []).map((p) => [p.member.id, p])),
    [performers.data],
  );
  const bankByMember = useMemo(
    () =>
      new Map<number, MemberBank>(
        (bank.data?.members ?? []).map((m) => [m.memberId, { balance: m.balance, duesOwed: m.duesOwed }]),
      ),
    [bank.data],
  );
  /** A member the bank does not list has no entries yet: balance 0, nothing owed. */
  const bankOf = (memberId: number): MemberBank | undefined | null => {
    if (!bank.data) return bank.isError ? null : undefined;
    return bankByMember.get(memberId) ?? NO_ENTRIES;
  };

  // Once a deleted member's card is gone, focus (given back to its actions button, now removed) would
  // fall to <body>: it goes to the next card's actions (the previous one's for the last card), or to
  // the page heading when no card is left.
  const heading = useRef<HTMLHeadingElement>(null);
  const [focusAfterDelete, setFocusAfterDelete] = useState<{ deleted: number; next: number | null } | null>(
    null,
  );
  useEffect(() => {
    if (!focusAfterDelete || members.data?.some((m) => m.id === focusAfterDelete.deleted) !== false) return;
    setFocusAfterDelete(null);
    const next =
      focusAfterDelete.next === null
        ? null
        : document.querySelector<HTMLElement>(`[data-member-actions="${focusAfterDelete.next}"]`);
    (next ?? heading.current)?.focus();
  }, [focusAfterDelete, members.data]);

  const confirmDelete = async () => {
    if (!deleting) return;
    const list = members.data ?? [];
    const at = list.findIndex((m) => m.id === deleting.id);
    const neighbour = list[at + 1] ?? list[at - 1];
    try {
      await remove.mutateAsync(deleting.id);
      setFocusAfterDelete({ deleted: deleting.id, next: neighbour?.id ?? null });
      toast({ title: 'Member deleted' });
    } catch (error) {
      // The last admin cannot be removed: show the server's reason.
      const message = errorStatus(error) === 409 ? readApiErrorBody(error)?.message : undefined;
      toast({
        title: 'Error',
        description: message ?? 'Failed to delete member. Please try again.',
        variant: 'destructive',
      });
    }
  };

  /** A new personal link for a member with no account yet: copied, or shown when copying is refused. */
  const copyInviteLink = useStableCallback(async (member: Member) => {
    let link: Awaited<ReturnType<typeof claimLink.mutateAsync>>;
    try {
      link = await claimLink.mutateAsync(member.id);
    } catch (error) {
      toast({
        title: 'Error',
        description:
          readApiErrorBody(error)?.message ?? 'Failed to create the invite link. Please try again.',
        variant: 'destructive',
      });
      return;
    }
    if (await copyText(link.url)) {
      toast({
        title: 'Invite link copied',
        description: `Send it to ${member.name} only. It works once, for 14 days.`,
      });
    } else {
      setShownLink({ memberName: member.name, link });
    }
  });
  // The cards' handlers keep their identity, so a card is drawn again only when its own data changes.
  const onEdit = useStableCallback((m: Member) => setEditing({ member: m }));
  const onStatement = useStableCallback((m: Member) => {
    setStatementOf(m.id);
    statement.show();
  });

  const addButton = (label: string, className?: string) => (
    <Button className={className} onClick={() => setEditing({})}>
      <Plus aria-hidden="true" />
      {label}
    </Button>
  );

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none">
            Members
          </h1>
          <p className="mt-1 text-muted-foreground">
            Everyone in the syndicate, their plans and their results.
          </p>
        </div>
        <div className="flex w-full flex-wrap gap-2 sm:w-auto">
          <ExportCsvLink href={MEMBERS_CSV_URL} className="flex-1 sm:flex-none" />
          {isAdmin ? addButton('Add Member', 'flex-1 sm:flex-none') : null}
        </div>
      </div>

      {members.isPending ? (
        <Spinner label="Loading members..." />
      ) : members.isError ? (
        <p className="py-10 text-center text-sm text-destructive">Could not load members.</p>
      ) : members.data.length === 0 ? (
        <EmptyState
          icon={Users}
          title="No members yet"
          action={isAdmin ? addButton('Add First Member') : undefined}
          className="rounded-lg border border-dashed border-input bg-card"
        />
      ) : (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {members.data.slice(0, shown).map((member) => {
            const subscription = subscriptions.get(member.id);
            return (
              <MemberCard
                key={member.id}
                member={member}
                subscription={subscription?.active}
                subscriptionPending={subscription?.pending ?? true}
                performance={byMember.get(member.id)}
                bank={bankOf(member.id)}
                isAdmin={isAdmin}
                onEdit={onEdit}
                onManageSubscription={setManaging}
                onDelete={setDeleting}
                onCopyInviteLink={copyInviteLink}
                onStatement={onStatement}
              />
            );
          })}
        </div>
      )}

      {isAdmin ? <FormerMembersSection /> : null}

      <MemberFormDialog
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        member={editing?.member}
      />
      <ManageSubscriptionDialog
        member={managing}
        onOpenChange={(open) => {
          if (!open) setManaging(null);
        }}
      />
      <ClaimLinkDialog
        shown={shownLink}
        onOpenChange={(open) => {
          if (!open) setShownLink(null);
        }}
      />
      <StatementSheet memberId={statementOf} open={statement.open} onOpenChange={statement.onOpenChange} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Confirm Deletion"
        description={`Are you sure you want to remove ${deleting?.name ?? ''} from the syndicate? This action cannot be undone.`}
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
