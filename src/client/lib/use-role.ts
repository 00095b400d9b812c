import { createContext, createElement, type ReactNode, useContext } from 'react';

type Role = 'admin' | 'member';

const RoleContext = createContext<Role | undefined>(undefined);

/**
 * Gives the signed-in user's role in the active syndicate to everything below it. The app layer
 * provides it from the user's member (lib does not import features); undefined while loading.
 */
export function RoleProvider({ role, children }: { role: Role | undefined; children: ReactNode }) {
  return createElement(RoleContext.Provider, { value: role }, children);
}

/** True when the signed-in user's member is an admin; false while loading or on failure (hide, don't flash). */
export function useIsAdmin(): boolean {
  return useContext(RoleContext) === 'admin';
}
