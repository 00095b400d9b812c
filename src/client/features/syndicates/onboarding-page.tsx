import { ArrowLeft, LogIn, PlusCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { BrandedScreen } from '@/components/ui/branded-screen';
import { toast } from '@/components/ui/use-toast';
import { CreateSyndicateForm } from './create-syndicate-form';
import { cleanInviteCode } from './invite-code-input';
import { JoinSyndicateForm } from './join-syndicate-form';

type Step = 'choice' | 'create' | 'join';

/**
 * Signed in without a syndicate, or on /join: create one or join one (spec §2 Onboarding). Also
 * reached from the header's "Create or join another" (`canLeave`: the user already has a syndicate
 * and may go back to it); the new syndicate becomes the active one.
 */
export function OnboardingPage({ canLeave = false }: { canLeave?: boolean }) {
  const search = useSearch();
  const [, navigate] = useLocation();
  const codeFromUrl = cleanInviteCode(new URLSearchParams(search).get('code') ?? '');
  const [step, setStep] = useState<Step>(codeFromUrl ? 'join' : 'choice');
  const announced = useRef(false);

  useEffect(() => {
    if (!codeFromUrl || announced.current) return;
    announced.current = true;
    toast({ title: 'Invite code detected', description: 'Ready to join the syndicate!' });
  }, [codeFromUrl]);

  const done = () => navigate('/', { replace: true });

  return (
    <BrandedScreen>
      {step === 'choice' ? <Choice onPick={setStep} canLeave={canLeave} /> : null}
      {step === 'create' ? <CreateSyndicateForm onBack={() => setStep('choice')} onDone={done} /> : null}
      {step === 'join' ? (
        <JoinSyndicateForm initialCode={codeFromUrl} onBack={() => setStep('choice')} onDone={done} />
      ) : null}
    </BrandedScreen>
  );
}

function Choice({ onPick, canLeave }: { onPick: (step: Step) => void; canLeave: boolean }) {
  const options = [
    {
      step: 'create' as const,
      title: 'Create a Syndicate',
      text: 'Start a new syndicate and invite your friends.',
      icon: <PlusCircle aria-hidden="true" className="size-6" />,
    },
    {
      step: 'join' as const,
      title: 'Join a Syndicate',
      text: 'Have an invite code? Join an existing syndicate.',
      icon: <LogIn aria-hidden="true" className="size-6" />,
    },
  ];
  return (
    <div className="grid gap-6">
      {canLeave ? (
        <div className="text-center">
          <h1 className="text-2xl font-bold">Create or join another syndicate</h1>
          <p className="mt-2 text-muted-foreground">
            You stay a member of your syndicates; switch between them from the header.
          </p>
        </div>
      ) : (
        <div className="text-center">
          <h1 className="text-2xl font-bold">Welcome to Racing Syndicate</h1>
          <p className="mt-2 text-muted-foreground">Get started by creating a syndicate or joining one.</p>
        </div>
      )}
      <div className="grid gap-4">
        {options.map((o) => (
          <button
            key={o.step}
            type="button"
            onClick={() => onPick(o.step)}
            className="flex items-center gap-4 rounded-lg border border-border p-4 text-left transition-colors hover:border-primary hover:bg-secondary"
          >
            <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-secondary text-primary">
              {o.icon}
            </span>
            <span>
              <span className="block font-semibold">{o.title}</span>
              <span className="block text-sm text-muted-foreground">{o.text}</span>
            </span>
          </button>
        ))}
      </div>
      {canLeave ? (
        <Link
          href="/"
          className="inline-flex items-center gap-2 justify-self-start rounded-md px-2 py-2 text-sm font-medium text-primary hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to the dashboard
        </Link>
      ) : null}
    </div>
  );
}
