import { useEffect } from 'react';
import { PLACEHOLDER_SYNDICATE_NAME, useSettings } from '@/features/settings/api/get-settings';

/**
 * The syndicate name from the settings (placeholder when they are missing), kept as the browser title.
 * Undefined while the settings are still loading, so the placeholder never flashes.
 */
export function useSyndicateName(): string | undefined {
  const settings = useSettings();
  const name = settings.isPending
    ? undefined
    : settings.data?.syndicateName?.trim() || PLACEHOLDER_SYNDICATE_NAME;

  useEffect(() => {
    if (name) document.title = name;
  }, [name]);

  return name;
}
