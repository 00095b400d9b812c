import { CloudOff, TriangleAlert } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { useOffline } from '@/lib/connectivity';

/**
 * Holds a page's failure inside the layout: a page whose code cannot be fetched (opened offline
 * before the service worker kept the app, or a deployment that removed the old chunk) or that
 * throws while rendering shows a message with "Try again" where the page would be, and the
 * header, navigation and offline banner stay. Without it React unmounted the whole app: a white
 * screen that stayed white after the signal came back. `resetKey` (the path) clears the failure
 * when the user goes to another page; `onRetry` lets the page's loader forget the failed chunk.
 */
export class PageErrorBoundary extends Component<
  { resetKey: string; onRetry: () => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('The page failed to render', error, info.componentStack);
  }

  override componentDidUpdate(previous: { resetKey: string }) {
    if (previous.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false });
  }

  private readonly retry = () => {
    this.props.onRetry();
    this.setState({ failed: false });
  };

  override render() {
    return this.state.failed ? <PageFailed onRetry={this.retry} /> : this.props.children;
  }
}

function PageFailed({ onRetry }: { onRetry: () => void }) {
  const offline = useOffline();
  const Icon = offline ? CloudOff : TriangleAlert;
  return (
    <div role="alert" className="flex flex-col items-center gap-4 py-16 text-center">
      <Icon aria-hidden="true" className="size-12 text-muted-foreground" />
      <h1 className="text-2xl font-bold">
        {offline ? 'This page needs a connection' : 'This page could not be loaded'}
      </h1>
      <p className="max-w-sm text-muted-foreground">
        {offline
          ? 'It has not been kept on this device yet. Try again when you are back online.'
          : 'Check your connection and try again.'}
      </p>
      <Button onClick={onRetry}>Try again</Button>
    </div>
  );
}
