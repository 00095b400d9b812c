import { toast } from '@/components/ui/use-toast';

const isUserCancel = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * Share a ready-made message with the native share sheet; where there is none (or it fails other
 * than by the user cancelling), copy it to the clipboard instead (DESIGN: "Send reminder").
 */
export async function shareMessage(title: string, text: string): Promise<void> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, text });
      return;
    } catch (error) {
      if (isUserCancel(error)) return;
    }
  }
  try {
    await navigator.clipboard.writeText(text);
    // 'Copied!' (a spec toast): what was copied is a message, not a link ('Link Copied' is the invite's).
    toast({ title: 'Copied!', description: 'The message is on your clipboard.' });
  } catch {
    toast({ title: 'Share failed', description: 'Could not share the reminder', variant: 'destructive' });
  }
}
