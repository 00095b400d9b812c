// Completes package-lock.json with the other platforms' optional packages (Biome's CLI, Tailwind's
// oxide) that the registry reachable here does not serve: `npm install` leaves them out of the
// lockfile, and `npm ci` then refuses it as out of sync. Each is added as an optional entry with
// its os/cpu/libc, which npm ci skips on this platform. Run after `npm install` changes the lock:
//   node scripts/complete-lockfile.mjs
import fs from 'node:fs';

const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8'));
const pk = lock.packages;
const platform = (name) => {
  const tail = name
    .split('/')
    .pop()
    .replace(/^(cli|oxide)-/, '');
  const [os, cpu0, extra] = tail.split('-');
  const out = {};
  if (os === 'wasm32') return { cpu: ['wasm32'] };
  out.cpu = [cpu0 === 'arm' ? 'arm' : cpu0];
  out.os = [os];
  if (extra === 'musl') out.libc = ['musl'];
  if (extra === 'gnueabihf' || (os === 'linux' && !extra)) out.libc = ['glibc'];
  return out;
};
let added = 0;
for (const [path, entry] of Object.entries(pk)) {
  for (const [dep, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${dep}`;
    if (pk[key] || pk[`${path}/node_modules/${dep}`]) continue;
    pk[key] = { version: range, dev: entry.dev, optional: true, ...platform(dep) };
    if (!entry.dev) delete pk[key].dev;
    added++;
    console.log('added', key, JSON.stringify(pk[key]));
  }
}
const sorted = Object.fromEntries(
  Object.entries(pk).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)),
);
lock.packages = sorted;
fs.writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
console.log(added);
