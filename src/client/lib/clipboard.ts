import { toast } from '@/components/ui/use-toast';

/** Copy text to the clipboard; false when the browser refuses (no permission, no secure context). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Copy text and say so: `copied` on success; on refusal "Copy failed" asking the user to select
 * `what` ("the link", "the address" …) and copy it themselves, since it is shown on screen.
 */
export async function copyWithToast(
  text: string,
  copied: { title: string; description?: string },
  what: string,
): Promise<boolean> {
  if (await copyText(text)) {
    toast(copied);
    return true;
  }
  toast({
    title: 'Copy failed',
    description: `Select ${what} and copy it yourself.`,
    variant: 'destructive',
  });
  return false;
}
