import type { Plan } from '@shared/subscription';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const getPlans = () => apiGet<Plan[]>('/api/subscriptions');

/** Subscription plans, each with its activeMembers count. */
export const plansQueryOptions = queryOptions({ queryKey: queryKeys.plans, queryFn: getPlans });

export const usePlans = () => useQuery(plansQueryOptions);
