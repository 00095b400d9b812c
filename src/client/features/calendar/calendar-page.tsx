import { CalendarPlus, Plus } from 'lucide-react';
import { useMemo } from 'react';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useRaces } from '@/features/races/api/get-races';
import { RaceDetailDialog } from '@/features/races/components/race-detail-dialog';
import { useRaceDialog } from '@/features/races/lib/use-race-dialog';
import { useNextBet } from '@/features/rotation/api/get-next-bet';
import { useSyndicateFormat } from '@/lib/format';
import { useDialogState } from '@/lib/use-dialog-state';
import { AddRaceDialog } from './components/add-race-dialog';
import { ListView } from './components/list-view';
import { MonthView, type ScheduledBet } from './components/month-view';
import { SubscribeDialog } from './components/subscribe-dialog';
import { racesFromToday } from './month-grid';

/** Race Calendar (spec §2): a month grid and a list of the races from today onward. */
export function CalendarPage() {
  const f = useSyndicateFormat();
  const races = useRaces();
  const nextBet = useNextBet();
  const addRace = useDialogState();
  const subscribe = useDialogState();
  const raceDialog = useRaceDialog();

  const upcoming = useMemo(() => racesFromToday(races.data ?? [], f), [races.data, f]);
  const scheduledBet = useMemo<ScheduledBet | null>(() => {
    const member = nextBet.data?.member;
    const date = nextBet.data?.date;
    return member && date ? { day: f.dayKey(date), title: `Next bet: ${member.name}` } : null;
  }, [nextBet.data, f]);

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Race Calendar</h1>
          <p className="mt-1 text-muted-foreground">Upcoming races and the syndicate's scheduled bets.</p>
        </div>
        <div className="flex w-full flex-wrap gap-2 sm:w-auto">
          <Button variant="outline" onClick={subscribe.show} className="flex-1 sm:flex-none">
            <CalendarPlus aria-hidden="true" />
            Subscribe
          </Button>
          <Button onClick={addRace.show} className="flex-1 sm:flex-none">
            <Plus aria-hidden="true" />
            Add Race
          </Button>
        </div>
      </div>
      <Tabs defaultValue="month">
        <TabsList className="w-full sm:w-auto">
          <TabsTrigger value="month">Month View</TabsTrigger>
          <TabsTrigger value="list">List View</TabsTrigger>
        </TabsList>
        <TabsContent value="month">
          <MonthView races={upcoming} scheduledBet={scheduledBet} f={f} onOpenRace={raceDialog.show} />
        </TabsContent>
        <TabsContent value="list">
          <ListView
            races={upcoming}
            loading={races.isPending}
            f={f}
            onAddRace={addRace.show}
            onOpenRace={raceDialog.show}
          />
        </TabsContent>
      </Tabs>
      <AddRaceDialog open={addRace.open} onOpenChange={addRace.onOpenChange} />
      <SubscribeDialog open={subscribe.open} onOpenChange={subscribe.onOpenChange} />
      <RaceDetailDialog
        raceId={raceDialog.raceId}
        open={raceDialog.open}
        onOpenChange={raceDialog.onOpenChange}
      />
    </div>
  );
}
