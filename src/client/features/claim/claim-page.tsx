import { CircleAlert } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { BrandedScreen } from '@/components/ui/branded-screen';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { readApiErrorBody } from '@/lib/api';
import { useClaimMember } from './api/claim-member';

/** Sign-in is a full browser navigation (spec §7); the router brings a local sign-in back here. */
const SIGN_IN_URL = '/api/login';

/** Tokens this page has sent (for this page load). */
const sent = new Set<string>();

function Frame({ children }: { children: ReactNode }) {
  return <BrandedScreen cardClassName="grid gap-5 text-center">{children}</BrandedScreen>;
}

/**
 * /claim?token=… signed in: accepts the personal invite link an admin sent (binds its member to
 * this account), then opens the dashboard of that syndicate. Works with or without a syndicate.
 */
export function ClaimPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const token = new URLSearchParams(search).get('token')?.trim() ?? '';
  const claim = useClaimMember();

  useEffect(() => {
    // Once per token: it works once, React may run effects twice in development, and a success
    // remounts the app (resetClientData) with this page still at its address for a moment.
    if (!token || sent.has(token)) return;
    sent.add(token);
    // mutateAsync, not mutate's callbacks: those would not run once the remount unmounted this page.
    claim.mutateAsync({ token }).then(
      (member) => {
        toast({ title: 'Welcome!', description: `You're now in the syndicate as ${member.name}.` });
        navigate('/', { replace: true });
      },
      () => {
        // Shown by the page (claim.isError).
      },
    );
  }, [token, claim, navigate]);

  if (!token) {
    return (
      <ClaimFailed message="This invite link is incomplete. Open the whole link you were sent, or ask your admin for a new one." />
    );
  }
  if (claim.isError) {
    return (
      <ClaimFailed
        message={
          readApiErrorBody(claim.error)?.message ??
          'Could not accept the invite link. Check your connection and try again.'
        }
      />
    );
  }
  return (
    <Frame>
      <h1 className="text-2xl font-bold">Accepting your invite…</h1>
      <Spinner label="Joining the syndicate..." />
    </Frame>
  );
}

function ClaimFailed({ message }: { message: string }) {
  return (
    <Frame>
      <CircleAlert aria-hidden="true" className="mx-auto size-10 text-destructive" />
      <h1 className="text-2xl font-bold">This invite link did not work</h1>
      <p role="alert" className="text-muted-foreground">
        {message}
      </p>
      <Button asChild>
        <a href="/">Go to the app</a>
      </Button>
    </Frame>
  );
}

/** /claim signed out: sign in first; a local sign-in comes back to this link by itself. */
export function ClaimSignedOutPage() {
  return (
    <Frame>
      <h1 className="text-2xl font-bold">You've been invited to a syndicate</h1>
      <p className="text-muted-foreground">
        Sign in, or create an account, to accept your personal invite. If you do not come back here
        afterwards, open the link again.
      </p>
      <Button asChild size="lg">
        <a href={SIGN_IN_URL}>Sign in to accept</a>
      </Button>
    </Frame>
  );
}
