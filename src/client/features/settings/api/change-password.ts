import type { ChangePasswordInput } from '@shared/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** PUT /api/auth/password → 204; the account's other sessions end. Not a syndicate write: no event. */
export const useChangePassword = () =>
  useMutation({
    mutationFn: (input: ChangePasswordInput) => apiRequest<void>('PUT', '/api/auth/password', input),
    meta: { recordsEvent: false },
  });
