import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_BET_MAX, DEFAULT_BET_MIN, DEFAULT_BET_STEP } from '@shared/settings';
import { useEffect, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select';
import { Slider } from '@/components/ui/slider';
import { toast } from '@/components/ui/use-toast';
import { browserTimeZone, formatMoney } from '@/lib/format';
import { PLACEHOLDER_SYNDICATE_NAME, useSettings } from '../api/get-settings';
import { useUpdateSettings } from '../api/update-settings';
import {
  CURRENCY_OPTIONS,
  type GeneralFormValues,
  generalFormSchema,
  ROTATION_OPTIONS,
  SETTING_DEFAULTS,
  SHARE_BASIS_OPTIONS,
  settingsToForm,
  timeZoneOptions,
} from './general-form-schema';
import { InviteCodeCard } from './invite-code-card';
import { ManualNextBet } from './manual-next-bet';

/** The General tab: syndicate settings (admins save; members read), the invite code and its QR code. */
export function GeneralSettings({ isAdmin }: { isAdmin: boolean }) {
  const settings = useSettings();
  const update = useUpdateSettings();
  const zone = browserTimeZone();
  const form = useForm<GeneralFormValues>({
    resolver: zodResolver(generalFormSchema),
    // Spec §9: before the settings load, a placeholder name.
    defaultValues: { syndicateName: PLACEHOLDER_SYNDICATE_NAME, ...SETTING_DEFAULTS, timezone: zone },
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (settings.data) form.reset(settingsToForm(settings.data, zone));
  }, [settings.data, form, zone]);

  const timezone = form.watch('timezone');
  const zones = useMemo(() => timeZoneOptions(timezone), [timezone]);
  const amount = form.watch('defaultBetAmount');
  const currency = form.watch('currency');
  const strategy = form.watch('rotationStrategy');
  const readOnly = !isAdmin;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
    } catch {
      toast({
        title: 'Error',
        description: 'Failed to save settings. Please try again.',
        variant: 'destructive',
      });
      return;
    }
    toast({ title: 'Settings saved' });
  });

  const resetToDefaults = () => {
    for (const [key, value] of Object.entries(SETTING_DEFAULTS)) {
      form.setValue(key as keyof typeof SETTING_DEFAULTS, value, { shouldDirty: true });
    }
    toast({ title: 'Settings reset', description: 'Save Changes to keep the defaults.' });
  };

  return (
    <div className="grid grid-cols-1 gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Syndicate Settings</CardTitle>
          <CardDescription>
            {readOnly
              ? 'Only an admin can change these settings.'
              : 'How the syndicate bets, counts money and keeps time.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form
            onSubmit={onSubmit}
            noValidate
            className="grid grid-cols-1 gap-6"
            aria-label="Syndicate settings"
          >
            <fieldset disabled={readOnly} className="grid grid-cols-1 gap-6 disabled:opacity-90">
              <FormField
                label="Syndicate Name"
                error={errors.syndicateName?.message}
                readOnly={readOnly}
                {...form.register('syndicateName')}
              />
              <div className="grid grid-cols-1 gap-3">
                <div className="flex items-center justify-between gap-3">
                  <span className="text-sm font-medium leading-none">Default Bet Amount</span>
                  <span className="text-sm font-semibold" data-testid="default-bet-value">
                    {formatMoney(amount, currency, { decimals: 0 })}
                  </span>
                </div>
                <Controller
                  control={form.control}
                  name="defaultBetAmount"
                  render={({ field }) => (
                    <Slider
                      min={DEFAULT_BET_MIN}
                      max={DEFAULT_BET_MAX}
                      step={DEFAULT_BET_STEP}
                      value={[field.value]}
                      onValueChange={([v]) => field.onChange(v ?? DEFAULT_BET_MIN)}
                      thumbLabel="Default Bet Amount"
                      disabled={readOnly}
                    />
                  )}
                />
                <div className="flex justify-between text-xs text-muted-foreground">
                  <span>{formatMoney(DEFAULT_BET_MIN, currency, { decimals: 0 })}</span>
                  <span>{formatMoney(DEFAULT_BET_MAX, currency, { decimals: 0 })}</span>
                </div>
                {errors.defaultBetAmount ? (
                  <p className="text-sm font-medium text-destructive">{errors.defaultBetAmount.message}</p>
                ) : null}
              </div>
              <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
                <Controller
                  control={form.control}
                  name="rotationStrategy"
                  render={({ field }) => (
                    <SelectField
                      className="grid-cols-1"
                      label="Member Rotation Strategy"
                      options={ROTATION_OPTIONS}
                      value={field.value}
                      onValueChange={field.onChange}
                      disabled={readOnly}
                    />
                  )}
                />
                <Controller
                  control={form.control}
                  name="currency"
                  render={({ field }) => (
                    <SelectField
                      className="grid-cols-1"
                      label="Currency"
                      options={CURRENCY_OPTIONS}
                      value={field.value}
                      onValueChange={field.onChange}
                      disabled={readOnly}
                    />
                  )}
                />
                <Controller
                  control={form.control}
                  name="timezone"
                  render={({ field }) => (
                    <SelectField
                      className="grid-cols-1"
                      label="Time Zone"
                      hint="Decides 'today', due dates and overdue reminders."
                      options={zones}
                      value={field.value}
                      onValueChange={field.onChange}
                      disabled={readOnly}
                    />
                  )}
                />
                <Controller
                  control={form.control}
                  name="shareBasis"
                  render={({ field }) => (
                    <SelectField
                      className="grid-cols-1"
                      label="Share basis"
                      hint="How a settled bet's result is shared in the bank: equally, or by each member's capital."
                      options={SHARE_BASIS_OPTIONS}
                      value={field.value}
                      onValueChange={field.onChange}
                      disabled={readOnly}
                    />
                  )}
                />
              </div>
            </fieldset>
            {isAdmin && strategy === 'manual' ? (
              <ManualNextBet saved={settings.data?.rotationStrategy === 'manual'} />
            ) : null}
            {isAdmin ? (
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <Button type="button" variant="outline" onClick={resetToDefaults}>
                  Reset to Defaults
                </Button>
                <Button type="submit" disabled={update.isPending || settings.isPending}>
                  {update.isPending ? 'Saving...' : 'Save Changes'}
                </Button>
              </div>
            ) : null}
          </form>
        </CardContent>
      </Card>
      <InviteCodeCard
        isAdmin={isAdmin}
        syndicateName={settings.data?.syndicateName ?? PLACEHOLDER_SYNDICATE_NAME}
      />
    </div>
  );
}
