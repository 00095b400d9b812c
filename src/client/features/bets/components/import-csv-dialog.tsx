import type { ImportPreviewBet } from '@shared/csv-io';
import { Info, Upload } from 'lucide-react';
import { type ChangeEvent, type DragEvent, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { InlineAlert } from '@/components/ui/inline-alert';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/cn';
import { dryRunImport, useImportBets } from '../api/import-bets';
import {
  type DryRunSummary,
  fileProblem,
  type ImportFailure,
  importedToast,
  importFailure,
  summariseDryRun,
} from '../lib/import-csv';
import { DryRunResults, ImportErrorsTable } from './import-csv-results';

interface Checked {
  fileName: string;
  /** The file's text, sent again as is by the real import. */
  text: string;
  summary: DryRunSummary;
  preview: ImportPreviewBet[];
}

const INPUT_ID = 'import-csv-file';

/**
 * Import CSV (admins): choose or drop a file; a dry run shows its rows, errors, duplicates and the
 * bets it would add; "Import N bets" then imports them all or nothing (docs/csv.md).
 */
export function ImportCsvDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const importer = useImportBets();
  const input = useRef<HTMLInputElement>(null);
  const [checked, setChecked] = useState<Checked | null>(null);
  const [checking, setChecking] = useState(false);
  const [failure, setFailure] = useState<ImportFailure | null>(null);
  const [dragging, setDragging] = useState(false);
  // Only the latest file's answer is shown, when a second file is chosen before the first is checked.
  const latest = useRef(0);

  const reset = () => {
    latest.current += 1;
    setChecked(null);
    setChecking(false);
    setFailure(null);
    setDragging(false);
  };

  const close = (next: boolean) => {
    if (next) return onOpenChange(true);
    if (importer.isPending) return; // the import runs to its answer; the dialog then closes itself
    reset();
    onOpenChange(false);
  };

  const check = async (file: File) => {
    reset();
    const id = latest.current;
    const problem = fileProblem(file);
    if (problem) {
      setFailure({ message: problem, errors: [] });
      return;
    }
    setChecking(true);
    let text: string;
    try {
      text = await file.text();
    } catch {
      if (id === latest.current) {
        setFailure({ message: 'The file could not be read.', errors: [] });
        setChecking(false);
      }
      return;
    }
    try {
      const dryRun = await dryRunImport(text);
      if (id !== latest.current) return;
      setChecked({ fileName: file.name, text, summary: summariseDryRun(dryRun), preview: dryRun.preview });
    } catch (error) {
      if (id === latest.current) setFailure(importFailure(error));
    } finally {
      if (id === latest.current) setChecking(false);
    }
  };

  const onChoose = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.currentTarget.files?.[0];
    if (file) void check(file);
  };

  const onDrop = (e: DragEvent<HTMLElement>) => {
    e.preventDefault();
    setDragging(false);
    const files = e.dataTransfer.files;
    const file = files[0];
    if (!file) return;
    // The field then names the dropped file, as if it had been chosen.
    if (input.current) input.current.files = files;
    void check(file);
  };

  const confirm = async () => {
    if (!checked?.summary.canImport) return;
    setFailure(null);
    try {
      const result = await importer.mutateAsync(checked.text);
      toast(importedToast(result));
      reset();
      onOpenChange(false);
    } catch (error) {
      const refused = importFailure(error);
      setFailure(refused);
      // Row errors found at import time (the bets changed since the dry run): the file needs fixing.
      if (refused.errors.length > 0) setChecked(null);
    }
  };

  const summary = checked?.summary;
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="grid-cols-1 sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Import CSV</DialogTitle>
          <DialogDescription>
            Add bets from a spreadsheet. A file exported from the Bets page imports as it is.
          </DialogDescription>
        </DialogHeader>

        {/* Dropping a file is a shortcut for the file field inside it, which keyboards use. */}
        <fieldset
          data-testid="import-drop-zone"
          onDragOver={(e) => {
            e.preventDefault();
            e.dataTransfer.dropEffect = 'copy';
            setDragging(true);
          }}
          onDragLeave={(e) => {
            // Moving over the zone's own children is not leaving it.
            if (!(e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget)))
              setDragging(false);
          }}
          onDrop={onDrop}
          className={cn(
            'grid min-w-0 gap-2 rounded-lg border-2 border-dashed p-4 transition-colors',
            dragging ? 'border-primary bg-secondary' : 'border-input bg-muted/40',
          )}
        >
          <div className="flex items-center gap-2">
            <Upload aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            <Label htmlFor={INPUT_ID}>CSV file</Label>
          </div>
          <input
            ref={input}
            id={INPUT_ID}
            type="file"
            accept=".csv,text/csv"
            aria-describedby="import-csv-hint"
            onChange={onChoose}
            // Choosing the same file again (after fixing it) must check it again.
            onClick={(e) => {
              e.currentTarget.value = '';
            }}
            className="block w-full min-w-0 rounded-md text-sm text-muted-foreground file:mr-3 file:h-9 file:cursor-pointer file:rounded-md file:border file:border-input file:bg-card file:px-3 file:text-sm file:font-medium file:text-foreground hover:file:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          />
          <p id="import-csv-hint" className="text-xs text-muted-foreground">
            Choose a file or drop it here: UTF-8, up to 5 MB, with a header row naming the columns date,
            member, horse, race, venue, bet type, odds, stake and status (odds type, horse number, jockey and
            trainer are optional).
          </p>
        </fieldset>

        <p className="flex items-start gap-2 rounded-md bg-secondary p-3 text-sm text-secondary-foreground">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            <strong className="font-semibold">All or nothing:</strong> if any row has an error, no bet is
            imported. Rows that repeat a bet already kept are skipped.
          </span>
        </p>

        {checking ? <Spinner label="Checking the file..." className="p-4" /> : null}
        {failure ? (
          <div className="grid gap-2">
            <InlineAlert>{failure.message}</InlineAlert>
            {failure.errors.length > 0 ? <ImportErrorsTable errors={failure.errors} /> : null}
          </div>
        ) : null}
        {checked && summary ? (
          <DryRunResults fileName={checked.fileName} summary={summary} preview={checked.preview} />
        ) : null}

        <DialogFooter>
          <Button variant="outline" onClick={() => close(false)} disabled={importer.isPending}>
            Cancel
          </Button>
          <Button onClick={confirm} disabled={!summary?.canImport || checking || importer.isPending}>
            {importer.isPending ? 'Importing...' : (summary?.confirmLabel ?? 'Import bets')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
