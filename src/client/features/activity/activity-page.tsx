import { useLocation, useSearch } from 'wouter';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useIsAdmin } from '@/lib/use-role';
import { ActivityFeed } from './components/activity-feed';
import { AuditLog } from './components/audit-log';

type Tab = 'activity' | 'audit';

/**
 * Activity (issue 16): the syndicate's feed for everyone, and for admins the audit log with its
 * filters and each change. A member sees no Audit tab (the API answers them 403).
 */
export function ActivityPage() {
  const isAdmin = useIsAdmin();
  // The tab is in the address (?view=audit, with the audit filters beside it).
  const search = useSearch();
  const [, navigate] = useLocation();
  const tab: Tab = new URLSearchParams(search).get('view') === 'audit' ? 'audit' : 'activity';
  const shown: Tab = isAdmin ? tab : 'activity';
  const setTab = (next: Tab) =>
    navigate(next === 'audit' ? '/activity?view=audit' : '/activity', { replace: true });
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Activity</h1>
        <p className="mt-1 text-muted-foreground">Who did what in the syndicate, newest first.</p>
      </div>
      <Tabs value={shown} onValueChange={(v) => setTab(v as Tab)}>
        <TabsList aria-label="Activity views" className="w-full sm:w-auto">
          <TabsTrigger value="activity" className="sm:min-w-28">
            Activity
          </TabsTrigger>
          {isAdmin ? (
            <TabsTrigger value="audit" className="sm:min-w-28">
              Audit
            </TabsTrigger>
          ) : null}
        </TabsList>
        <TabsContent value="activity">
          <ActivityFeed />
        </TabsContent>
        {isAdmin ? (
          <TabsContent value="audit">
            <AuditLog />
          </TabsContent>
        ) : null}
      </Tabs>
    </div>
  );
}
