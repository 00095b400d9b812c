import type { LoginInput, RegisterInput, User } from '@shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { USER_QUERY_KEY } from './get-user';

export const loginUser = (input: LoginInput) => apiRequest<User>('POST', '/api/auth/login', input);
export const registerUser = (input: RegisterInput) => apiRequest<User>('POST', '/api/auth/register', input);

/**
 * Sign in or sign up. On success the cache of any earlier session is dropped and the user query is
 * refreshed before the promise settles, so the router already sees the signed-in state.
 */
function useSignInMutation<T>(fn: (input: T) => Promise<User>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (user) => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== USER_QUERY_KEY[0] });
      queryClient.setQueryData(USER_QUERY_KEY, user);
      await queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    },
  });
}

export const useLogin = () => useSignInMutation(loginUser);
export const useRegister = () => useSignInMutation(registerUser);
