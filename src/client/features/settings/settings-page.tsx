import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useIsAdmin } from '@/lib/use-role';
import { AccountSettings } from './components/account-settings';
import { GeneralSettings } from './components/general-settings';
import { IntegrationsSettings } from './components/integrations-settings';
import { LiveSettings } from './components/live-settings';
import { NotificationSettings } from './components/notification-settings';

export function SettingsPage() {
  const isAdmin = useIsAdmin();
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Settings</h1>
        <p className="mt-1 text-muted-foreground">The syndicate, your notifications and your account.</p>
      </div>
      <Tabs defaultValue="general">
        <TabsList className="h-auto w-full flex-wrap sm:w-auto">
          <TabsTrigger value="general">General</TabsTrigger>
          <TabsTrigger value="notifications">Notifications</TabsTrigger>
          <TabsTrigger value="account">Account</TabsTrigger>
          <TabsTrigger value="integrations">Integrations</TabsTrigger>
        </TabsList>
        <TabsContent value="general">
          <GeneralSettings isAdmin={isAdmin} />
        </TabsContent>
        <TabsContent value="notifications" className="grid grid-cols-1 gap-6">
          <NotificationSettings />
          <LiveSettings />
        </TabsContent>
        <TabsContent value="account">
          <AccountSettings />
        </TabsContent>
        <TabsContent value="integrations">
          <IntegrationsSettings isAdmin={isAdmin} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
