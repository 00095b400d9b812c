import { zodResolver } from '@hookform/resolvers/zod';
import { type ApiKeyInput, apiKeyInputSchema } from '@shared/settings';
import { CheckCircle2, RefreshCw, XCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useRacingStatus } from '../api/get-racing-status';
import { useSaveApiKey } from '../api/save-api-key';

/** The Integrations tab: racing-data API status (polled every 60 s) and, for admins, its key. */
export function IntegrationsSettings({ isAdmin }: { isAdmin: boolean }) {
  const status = useRacingStatus();
  const save = useSaveApiKey();
  const form = useForm<ApiKeyInput>({
    resolver: zodResolver(apiKeyInputSchema),
    defaultValues: { apiKey: '' },
  });
  const { errors } = form.formState;

  // One toast per failed check (the poll retries every minute).
  const lastErrorAt = useRef(0);
  useEffect(() => {
    if (status.isError && status.errorUpdatedAt !== lastErrorAt.current) {
      lastErrorAt.current = status.errorUpdatedAt;
      toast({
        title: 'Error',
        description: 'Failed to check API status. Please try again later.',
        variant: 'destructive',
      });
    }
  }, [status.isError, status.errorUpdatedAt]);

  const last4 = status.data?.last4 ?? save.data?.last4;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
    } catch {
      toast({
        title: 'Error',
        description: 'Failed to save API key. Please try again.',
        variant: 'destructive',
      });
      return;
    }
    form.reset({ apiKey: '' });
    toast({ title: 'API key saved' });
  });

  return (
    <div className="grid grid-cols-1 gap-6">
      <Card>
        <CardHeader className="flex-row items-start justify-between gap-3">
          <div className="grid grid-cols-1 gap-1.5">
            <CardTitle>Racing Data API</CardTitle>
            <CardDescription>Race fields and results come from the racing-data provider.</CardDescription>
          </div>
          <Button
            variant="outline"
            size="sm"
            onClick={() => status.refetch()}
            disabled={status.isFetching}
            aria-label="Check API status"
          >
            <RefreshCw aria-hidden="true" className={status.isFetching ? 'animate-spin' : undefined} />
            Check
          </Button>
        </CardHeader>
        <CardContent>
          {status.isPending ? (
            <Skeleton className="h-12 w-full" />
          ) : status.data ? (
            <div
              className="flex items-start gap-3 rounded-md border border-border p-3"
              data-testid="racing-status"
            >
              {status.data.configured ? (
                <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
              ) : (
                <XCircle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
              )}
              <div className="grid grid-cols-1 gap-1">
                <Badge variant={status.data.configured ? 'success' : 'outline'} className="w-fit">
                  {status.data.configured ? 'Configured' : 'Not configured'}
                </Badge>
                <p className="text-sm">{status.data.message}</p>
              </div>
            </div>
          ) : (
            <p className="text-sm text-destructive">The status could not be checked.</p>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>API Key</CardTitle>
          <CardDescription>
            {last4 ? (
              <>
                A key ending in{' '}
                <span className="font-mono font-semibold" data-testid="api-key-last4">
                  {last4}
                </span>{' '}
                is saved.
              </>
            ) : (
              'No key saved yet.'
            )}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {isAdmin ? (
            <form
              onSubmit={onSubmit}
              noValidate
              className="grid grid-cols-1 gap-4"
              aria-label="Racing data key"
            >
              <FormField
                label="API Key"
                type="password"
                autoComplete="off"
                placeholder={last4 ? `••••••${last4}` : 'Paste the key from your provider'}
                error={errors.apiKey?.message}
                {...form.register('apiKey')}
              />
              <div className="flex justify-end">
                <Button type="submit" disabled={save.isPending}>
                  {save.isPending ? 'Saving...' : 'Save API Key'}
                </Button>
              </div>
            </form>
          ) : (
            <p className="text-sm text-muted-foreground">Only an admin can set the API key.</p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
