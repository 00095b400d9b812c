import { Bot, MessageCircle, Send, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { CLEAR_OF_TOASTS_SIDE } from '@/components/ui/toast-insets';
import { cn } from '@/lib/cn';
import type { ChatMessage, ConnectionState } from './protocol';
import { useAssistantSocket } from './use-assistant-socket';

const STATE_LABEL: Record<ConnectionState, string> = {
  idle: 'Not connected',
  connecting: 'Connecting',
  connected: 'Connected',
  closed: 'Disconnected',
  error: 'Connection error',
};

/**
 * The floating assistant button (bottom right, above the small-screen bottom bar) and its
 * right-side panel, 'Syndicate Assistant' (spec §2). The socket opens the first time the panel does.
 */
export function AssistantPanel() {
  const [open, setOpen] = useState(false);
  const [started, setStarted] = useState(false);
  const { state, messages, waiting, send } = useAssistantSocket(started);
  const [draft, setDraft] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const connected = state === 'connected';

  useEffect(() => {
    if (open && connected) input.current?.focus();
  }, [open, connected]);
  const lastId = messages.at(-1)?.id;
  useEffect(() => {
    if (lastId !== undefined || waiting) end.current?.scrollIntoView?.({ block: 'end' });
  }, [lastId, waiting]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (send(draft)) setDraft('');
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setStarted(true);
      }}
    >
      <Dialog.Trigger asChild>
        <button
          type="button"
          aria-label="Open Syndicate Assistant"
          className="fixed right-4 bottom-[calc(4.5rem+env(safe-area-inset-bottom))] z-40 flex size-14 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg transition-colors hover:bg-primary-hover lg:right-6 lg:bottom-6"
        >
          <MessageCircle aria-hidden="true" className="size-6" />
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/30" />
        <Dialog.Content
          aria-describedby={undefined}
          className={cn(
            'fixed right-0 z-50 flex w-[90vw] flex-col border-l border-border bg-card text-card-foreground shadow-xl outline-none sm:w-[380px]',
            CLEAR_OF_TOASTS_SIDE,
          )}
        >
          <div className="flex items-center gap-3 border-b border-border px-4 py-3">
            <span className="flex size-9 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
              <Bot aria-hidden="true" className="size-5" />
            </span>
            <div className="min-w-0 flex-1">
              <Dialog.Title className="text-base font-semibold leading-tight">
                Syndicate Assistant
              </Dialog.Title>
              <p
                className="flex items-center gap-1.5 text-xs text-muted-foreground"
                data-testid="assistant-status"
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'size-2 rounded-full',
                    connected ? 'bg-success' : state === 'error' ? 'bg-destructive' : 'bg-muted-foreground',
                  )}
                />
                {STATE_LABEL[state]}
              </p>
            </div>
            <Dialog.Close
              aria-label="Close assistant"
              className="rounded-md p-2 text-muted-foreground hover:bg-muted hover:text-foreground"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>

          <div
            role="log"
            aria-live="polite"
            aria-label="Conversation"
            className="flex-1 overflow-y-auto px-4 py-4"
          >
            {messages.length === 0 ? (
              <div className="flex h-full flex-col items-center justify-center gap-2 px-4 text-center">
                <Bot aria-hidden="true" className="size-10 text-muted-foreground" />
                <p className="font-medium">How can I help you today?</p>
                <p className="text-sm text-muted-foreground">
                  Ask me about bets, races, members, or anything else related to your syndicate.
                </p>
              </div>
            ) : (
              <ul className="flex flex-col gap-3">
                {messages.map((m) => (
                  <MessageBubble key={m.id} message={m} />
                ))}
                {waiting ? (
                  <li className="self-start rounded-lg bg-muted px-3 py-2 text-sm text-muted-foreground">
                    <span className="sr-only">The assistant is answering</span>
                    <span aria-hidden="true">…</span>
                  </li>
                ) : null}
              </ul>
            )}
            <div ref={end} />
          </div>

          <form onSubmit={submit} className="flex items-center gap-2 border-t border-border p-3">
            <Input
              ref={input}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              placeholder={connected ? 'Type your message...' : 'Connecting...'}
              aria-label="Message"
              disabled={!connected}
              maxLength={1000}
              autoComplete="off"
            />
            <Button
              type="submit"
              size="icon"
              aria-label="Send message"
              disabled={!connected || !draft.trim()}
            >
              <Send aria-hidden="true" />
            </Button>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function MessageBubble({ message }: { message: ChatMessage }) {
  const mine = message.role === 'user';
  return (
    <li
      className={cn(
        'max-w-[85%] whitespace-pre-wrap break-words rounded-lg px-3 py-2 text-sm',
        mine ? 'self-end bg-primary text-primary-foreground' : 'self-start bg-muted text-foreground',
      )}
      data-role={message.role}
    >
      <span className="sr-only">{mine ? 'You: ' : 'Assistant: '}</span>
      {message.content}
    </li>
  );
}
