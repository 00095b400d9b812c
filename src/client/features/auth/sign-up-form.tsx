import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MIN, type RegisterInput, registerSchema } from '@shared/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { useRegister } from './api/sign-in';
import { FormAlert } from './form-alert';
import { applyServerError } from './server-errors';

export function SignUpForm({ onSuccess }: { onSuccess: () => void }) {
  const signUp = useRegister();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<RegisterInput>({
    resolver: zodResolver(registerSchema),
    defaultValues: { name: '', email: '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await signUp.mutateAsync(values);
      onSuccess();
    } catch (error) {
      setFormError(applyServerError(error, ['name', 'email', 'password'], form.setError));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Create account">
      {formError ? <FormAlert message={formError} /> : null}
      <FormField label="Name" autoComplete="name" error={errors.name?.message} {...form.register('name')} />
      <FormField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <FormField
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN} characters, and not a common password.`}
        error={errors.password?.message}
        {...form.register('password')}
      />
      <Button type="submit" disabled={signUp.isPending} className="w-full">
        {signUp.isPending ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}
