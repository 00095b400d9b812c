import type { rotationItemSchema } from '@shared/rotation';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiGet } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** An upcoming race {id, name, venue, date} and the member {id, name, initials} whose turn it is. */
export type RotationEntry = z.infer<typeof rotationItemSchema>;

export const getRotation = (count: number) => apiGet<RotationEntry[]>(`/api/rotation?count=${count}`);

export const rotationQueryOptions = (count: number) =>
  queryOptions({ queryKey: queryKeys.rotation.byCount(count), queryFn: () => getRotation(count) });

/** The next `count` races (1–20, default 3) paired by the rotation strategy; empty with no races or members. */
export const useRotation = (count = 3) => useQuery(rotationQueryOptions(count));
