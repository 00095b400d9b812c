// Preloaded into the server by the reliability checks that ask for it (`heapProbe`), never by
// `npm start`: on SIGUSR2 it collects garbage (the server runs with --expose-gc) and writes the
// live heap to stderr, so a check can tell memory still held from garbage not yet collected.
process.on('SIGUSR2', () => {
  globalThis.gc?.();
  globalThis.gc?.();
  process.stderr.write(`HEAP_PROBE ${process.memoryUsage().heapUsed}\n`);
});
