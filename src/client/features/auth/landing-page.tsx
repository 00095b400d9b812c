import { BarChart3, Trophy, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { BrandMark } from '@/components/ui/brand-mark';
import { Button } from '@/components/ui/button';

/** Sign-in is a full browser navigation to /api/login (spec §7), never a client-side route. */
const SIGN_IN_URL = '/api/login';

const features: { title: string; text: string; icon: ReactNode }[] = [
  {
    title: 'Track Bets',
    text: 'Record every bet, settle wins and losses, and keep a running balance for the whole syndicate.',
    icon: <Trophy aria-hidden="true" className="size-6" />,
  },
  {
    title: 'Manage Members',
    text: 'Invite members with a code or QR link, rotate whose turn it is to bet, and manage their plans.',
    icon: <Users aria-hidden="true" className="size-6" />,
  },
  {
    title: 'Analyze Performance',
    text: 'See win rates, earnings and punter rankings, so everyone knows who is picking the winners.',
    icon: <BarChart3 aria-hidden="true" className="size-6" />,
  },
];

export function LandingPage() {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-border bg-card">
        <div className="mx-auto flex max-w-6xl items-center justify-between px-4 py-3 sm:px-6">
          <BrandMark />
          <Button asChild variant="outline" size="sm">
            <a href={SIGN_IN_URL}>Sign In</a>
          </Button>
        </div>
      </header>
      <main className="flex-1">
        <section className="bg-linear-to-b from-primary to-[#0b2e19] text-primary-foreground">
          <div className="mx-auto flex max-w-6xl flex-col items-center gap-6 px-4 py-16 text-center sm:px-6 sm:py-24">
            <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Racing Syndicate</h1>
            <p className="max-w-2xl text-lg text-[#d6eadc] sm:text-xl">
              The simple way to manage your racing syndicate — bets, members and results in one place.
            </p>
            <Button asChild size="lg" variant="accent">
              <a href={SIGN_IN_URL}>Get Started</a>
            </Button>
          </div>
        </section>
        <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
          <h2 id="features-heading" className="sr-only">
            Features
          </h2>
          <ul className="grid gap-6 md:grid-cols-3">
            {features.map((f) => (
              <li key={f.title} className="rounded-lg border border-border bg-card p-6 shadow-sm">
                <div className="mb-4 inline-flex size-12 items-center justify-center rounded-full bg-secondary text-primary">
                  {f.icon}
                </div>
                <h3 className="text-lg font-semibold">{f.title}</h3>
                <p className="mt-2 text-sm text-muted-foreground">{f.text}</p>
              </li>
            ))}
          </ul>
        </section>
      </main>
      <footer className="border-t border-border py-6 text-center text-sm text-muted-foreground">
        Racing Syndicate — bet together, responsibly.
      </footer>
    </div>
  );
}
