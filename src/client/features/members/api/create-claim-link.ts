import type { ClaimLink } from '@shared/member';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/**
 * POST /api/members/:id/claim-link → 201 {url, expiresAt}: a personal, single-use link (14 days)
 * that binds this pre-created member to whoever opens it signed in. A new link replaces the last.
 */
export const createClaimLink = (memberId: number) =>
  apiRequest<ClaimLink>('POST', `/api/members/${memberId}/claim-link`);

export const useCreateClaimLink = () => useMutation({ mutationFn: createClaimLink });
