import {
  Activity,
  BarChart3,
  Bell,
  Calendar,
  CreditCard,
  Landmark,
  LayoutDashboard,
  type LucideIcon,
  Settings,
  Trophy,
  Users,
  Wallet,
} from 'lucide-react';

export interface NavItem {
  path: string;
  /** Sidebar, slide-out menu and header title. */
  label: string;
  /** Bottom bar label (shorter where needed, spec §2). */
  shortLabel: string;
  icon: LucideIcon;
  /** Listed in the small-screen slide-out menu (spec §2: only six entries). */
  inMenu: boolean;
  /** On small screens under the bottom bar's More (the bar keeps the spec's eight entries). */
  more?: boolean;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { path: '/', label: 'Dashboard', shortLabel: 'Home', icon: LayoutDashboard, inMenu: true },
  { path: '/members', label: 'Members', shortLabel: 'Members', icon: Users, inMenu: true },
  { path: '/bets', label: 'Bets', shortLabel: 'Bets', icon: Wallet, inMenu: true },
  { path: '/bank', label: 'Bank', shortLabel: 'Bank', icon: Landmark, inMenu: false, more: true },
  {
    path: '/insights',
    label: 'Insights',
    shortLabel: 'Insights',
    icon: BarChart3,
    inMenu: false,
    more: true,
  },
  {
    path: '/activity',
    label: 'Activity',
    shortLabel: 'Activity',
    icon: Activity,
    inMenu: false,
    more: true,
  },
  { path: '/rankings', label: 'Rankings', shortLabel: 'Rankings', icon: Trophy, inMenu: false },
  { path: '/calendar', label: 'Calendar', shortLabel: 'Calendar', icon: Calendar, inMenu: true },
  { path: '/reminders', label: 'Reminders', shortLabel: 'Reminders', icon: Bell, inMenu: true },
  { path: '/subscriptions', label: 'Subscriptions', shortLabel: 'Plans', icon: CreditCard, inMenu: false },
  { path: '/settings', label: 'Settings', shortLabel: 'Settings', icon: Settings, inMenu: true },
];

/** The header title for a path; 'Dashboard' for / and anything unknown (spec §2). */
export function pageTitle(path: string): string {
  return NAV_ITEMS.find((item) => item.path !== '/' && item.path === path)?.label ?? 'Dashboard';
}

export function isActivePath(itemPath: string, current: string): boolean {
  return itemPath === current;
}
