#!/usr/bin/env node
// Dependency audit for CI: `npm audit --omit=dev` must report no high or critical advisory.
// Exit 0: clean. Exit 1: high/critical advisories (listed). Exit 2: the audit could not run
// (registry's audit endpoint unreachable or refusing): said loudly, never passed off as clean.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function audit() {
  const res = spawnSync('npm', ['audit', '--omit=dev', '--json'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
  });
  let report;
  try {
    report = JSON.parse(res.stdout || 'null');
  } catch {
    report = null;
  }
  if (!report || report.error || !report.metadata?.vulnerabilities) {
    const reason =
      report?.error?.summary ||
      report?.message ||
      res.error?.message ||
      (res.stderr || '').split('\n').find((l) => /error/i.test(l)) ||
      'no report';
    return { status: 'unavailable', reason: String(reason).trim() };
  }
  const v = report.metadata.vulnerabilities;
  const serious = Object.entries(report.vulnerabilities ?? {})
    .filter(([, info]) => info.severity === 'high' || info.severity === 'critical')
    .map(([name, info]) => `${name} (${info.severity}${info.fixAvailable ? ', fix available' : ''})`);
  return {
    status: v.high + v.critical > 0 ? 'failed' : 'clean',
    counts: { critical: v.critical, high: v.high, moderate: v.moderate, low: v.low, info: v.info },
    dependencies: report.metadata.dependencies?.prod ?? report.metadata.dependencies?.total,
    serious,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const r = audit();
  if (r.status === 'unavailable') {
    console.error(`AUDIT UNAVAILABLE: npm audit could not reach the advisory database (${r.reason}).`);
    console.error(
      'This is NOT a pass. Re-run where https://registry.npmjs.org/-/npm/v1/security/advisories/bulk is reachable.',
    );
    process.exit(2);
  }
  const c = r.counts;
  console.log(
    `npm audit --omit=dev: ${c.critical} critical, ${c.high} high, ${c.moderate} moderate, ${c.low} low (${r.dependencies} production dependencies).`,
  );
  if (r.status === 'failed') {
    console.error(`High or critical advisories:\n  ${r.serious.join('\n  ')}`);
    process.exit(1);
  }
}
