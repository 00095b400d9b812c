// The bench's table: printed to the terminal and written as Markdown to docs/performance.md.
import fs from 'node:fs';
import os from 'node:os';

export interface Row {
  section: string;
  name: string;
  value: string;
  /** The budget this line is held to, or '' when it is for information. */
  budget: string;
  pass: boolean | null;
}

export class Report {
  rows: Row[] = [];
  notes: string[] = [];

  add(section: string, name: string, value: string, budget = '', pass: boolean | null = null) {
    const row = { section, name, value, budget, pass };
    this.rows.push(row);
    const mark = pass === null ? '' : pass ? '  PASS' : '  FAIL';
    console.log(`  ${name.padEnd(58)} ${value.padEnd(46)} ${budget}${mark}`);
  }

  get failures(): Row[] {
    return this.rows.filter((r) => r.pass === false);
  }

  print() {
    let section = '';
    console.log('');
    for (const r of this.rows) {
      if (r.section !== section) {
        section = r.section;
        console.log(`\n${section}`);
      }
      const mark = r.pass === null ? '' : r.pass ? 'PASS' : 'FAIL';
      console.log(`  ${r.name.padEnd(58)} ${r.value.padEnd(46)} ${r.budget.padEnd(26)} ${mark}`);
    }
    const budgets = this.rows.filter((r) => r.pass !== null);
    console.log(`\n${budgets.length - this.failures.length} of ${budgets.length} budgets pass.`);
  }

  markdown(opts: { command: string; startedAt: Date; seconds: number; explanation: string }): string {
    const cpu =
      /model name\s*:\s*(.*)/.exec(fs.readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? os.cpus()[0]?.model;
    const lines = [
      '# Performance',
      '',
      `Produced by \`${opts.command}\` on ${opts.startedAt.toISOString()} (${Math.round(opts.seconds)} s).`,
      '',
      `Machine: ${os.cpus().length} cores (\`nproc\` ${os.availableParallelism()}), ${cpu}, ` +
        `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB memory, Node ${process.version}, load average at start ` +
        `${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' / ')}.`,
      '',
      '**The figures are noisy**: the machine is shared with other test runs, and the load generator, the app and ' +
        'PostgreSQL all share its 2 cores. That is why every throughput is also given as a ratio against a bare ' +
        '`node:http` hello-world server measured in the same run.',
      '',
    ];
    let section = '';
    for (const r of this.rows) {
      if (r.section !== section) {
        section = r.section;
        lines.push('', `## ${section}`, '', '| Measure | Value | Budget | |', '| --- | --- | --- | --- |');
      }
      const mark = r.pass === null ? '' : r.pass ? 'pass' : '**FAIL**';
      lines.push(`| ${r.name} | ${r.value} | ${r.budget} | ${mark} |`);
    }
    const budgets = this.rows.filter((r) => r.pass !== null);
    lines.push('', `${budgets.length - this.failures.length} of ${budgets.length} budgets pass.`, '');
    if (this.notes.length > 0)
      lines.push('## Notes from this run', '', ...this.notes.map((n) => `- ${n}`), '');
    lines.push(opts.explanation.trim(), '');
    return lines.join('\n');
  }
}

export const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;
export const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
