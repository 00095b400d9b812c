import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useCreateSyndicate } from './api/create-syndicate';

export function CreateSyndicateForm({ onBack, onDone }: { onBack: () => void; onDone: () => void }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const create = useCreateSyndicate();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmedName = name.trim();
    if (!trimmedName) {
      toast({ title: 'Error', description: 'Please enter a syndicate name', variant: 'destructive' });
      return;
    }
    const trimmedDescription = description.trim();
    try {
      await create.mutateAsync({
        name: trimmedName,
        ...(trimmedDescription ? { description: trimmedDescription } : {}),
        timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      });
    } catch {
      toast({
        title: 'Error',
        description: 'Failed to create syndicate. Please try again.',
        variant: 'destructive',
      });
      return;
    }
    toast({ title: 'Success', description: 'Syndicate created successfully!' });
    onDone();
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <div>
        <h1 className="text-2xl font-bold">Create a Syndicate</h1>
        <p className="mt-1 text-sm text-muted-foreground">You will be its admin and can invite members.</p>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="syndicate-name">Syndicate Name</Label>
        <Input
          id="syndicate-name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="e.g. The Friday Punters"
          maxLength={100}
          required
          aria-required="true"
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="syndicate-description">Description (optional)</Label>
        <Textarea
          id="syndicate-description"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          placeholder="What is your syndicate about?"
          maxLength={1000}
        />
      </div>
      <div className="flex justify-between gap-3">
        <Button type="button" variant="outline" onClick={onBack}>
          Back
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create'}
        </Button>
      </div>
    </form>
  );
}
