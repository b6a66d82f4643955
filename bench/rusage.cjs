// Preloaded into a measured Node process (`node -r bench/rusage.cjs …`): at exit it writes the
// process's own CPU time (µs) and peak RSS (KiB) to $BENCH_RUSAGE_FILE. Costs one small require.
'use strict';
const file = process.env.BENCH_RUSAGE_FILE;
if (file) {
  process.on('exit', () => {
    const usage = process.resourceUsage();
    require('node:fs').writeFileSync(
      file,
      JSON.stringify({ userMicros: usage.userCPUTime, systemMicros: usage.systemCPUTime, maxRssKiB: usage.maxRSS }),
    );
  });
}
