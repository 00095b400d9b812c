// The assistant connection (spec §4): connecting (input disabled) → connected; closed (disabled;
// a reconnect is flagged 5000 ms after the close); error (disabled, toast 'Connection Error').
// Server errors become an 'Error' toast; malformed frames are only logged.
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import {
  type ChatMessage,
  type ConnectionState,
  outgoing,
  parseServerMessage,
  RECONNECT_DELAY_MS,
  socketUrl,
} from './protocol';

/** `enabled` starts the connection (the panel opens it the first time it is shown). */
export function useAssistantSocket(enabled: boolean) {
  const [state, setState] = useState<ConnectionState>('idle');
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [waiting, setWaiting] = useState(false);
  /** Bumped RECONNECT_DELAY_MS after a close: the reconnect flag. */
  const [attempt, setAttempt] = useState(0);
  const socket = useRef<WebSocket | null>(null);
  const nextId = useRef(0);
  /** One 'Connection Error' toast per run of failures, not one every 5 s. */
  const errorShown = useRef(false);

  const add = useCallback((message: Omit<ChatMessage, 'id'>) => {
    nextId.current += 1;
    const id = nextId.current;
    setMessages((list) => [...list, { ...message, id }]);
  }, []);

  useEffect(() => {
    if (!enabled) return;
    // `attempt` re-runs this effect: each value is one connection attempt.
    void attempt;
    const ws = new WebSocket(socketUrl(window.location));
    socket.current = ws;
    setState('connecting');
    let failed = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    ws.onopen = () => {
      errorShown.current = false;
      setState('connected');
    };
    ws.onmessage = (event: MessageEvent) => {
      const parsed = parseServerMessage(event.data);
      if (parsed.type === 'message') {
        setWaiting(false);
        add({ role: 'assistant', content: parsed.content, timestamp: parsed.timestamp });
      } else if (parsed.type === 'error') {
        setWaiting(false);
        toast({ title: 'Error', description: parsed.content ?? 'An error occurred', variant: 'destructive' });
      } else {
        console.error('Malformed assistant message', event.data);
      }
    };
    ws.onerror = () => {
      failed = true;
      setState('error');
      if (!errorShown.current) {
        errorShown.current = true;
        toast({
          title: 'Connection Error',
          description: 'Failed to connect to assistant. Please try again later.',
          variant: 'destructive',
        });
      }
    };
    ws.onclose = () => {
      if (socket.current === ws) socket.current = null;
      setWaiting(false);
      if (!failed) setState('closed');
      timer = setTimeout(() => setAttempt((n) => n + 1), RECONNECT_DELAY_MS);
    };

    return () => {
      clearTimeout(timer);
      ws.onopen = null;
      ws.onmessage = null;
      ws.onerror = null;
      ws.onclose = null;
      if (socket.current === ws) socket.current = null;
      ws.close();
    };
  }, [enabled, attempt, add]);

  /** Sends a message; ignored when blank or not connected (spec §5). */
  const send = useCallback(
    (text: string): boolean => {
      const ws = socket.current;
      if (state !== 'connected' || !ws || ws.readyState !== WebSocket.OPEN) return false;
      const now = new Date();
      const frame = outgoing(text, now);
      if (!frame) return false;
      ws.send(frame);
      add({ role: 'user', content: text.trim(), timestamp: now.toISOString() });
      setWaiting(true);
      return true;
    },
    [state, add],
  );

  return { state, messages, waiting, send };
}
