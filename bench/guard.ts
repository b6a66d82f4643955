/**
 * The guard against speed and memory regressions that `npm run bench:smoke` runs in CI: analysis +
 * lint of two generated configurations, in this process, against bench/guard-baseline.json.
 *
 * CPU time is compared as a ratio to a fixed workload of plain JavaScript (string splitting,
 * regular expressions, maps, small objects, sorting) timed in the same rounds, so a slower or
 * busier machine moves both; heap is the bytes an analysis and its findings keep per byte of
 * configuration, after a full collection. A figure more than TOLERANCE over its baseline is
 * measured again, and the guard fails only when the second measurement is over too.
 *
 *   node --expose-gc --import tsx bench/guard.ts            check (exit 1 on a regression)
 *   node --expose-gc --import tsx bench/guard.ts --update   write the baseline (npm run bench:baseline)
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyze } from '../server/src/core/analysis';
import { lint } from '../server/src/core/lint';
import { generateBalancerHeavy, generateConfig, prng } from './generate';
import { keptHeap, OPTIONS } from './inprocess';

const BASELINE = join(__dirname, 'guard-baseline.json');
/** A regression is a figure this many times its baseline, twice in a row. */
const TOLERANCE = 1.3;
const ROUNDS = 7;
const SEED = 20_261_202;
/** Never read: the generated paths only have to look like a server's. */
const ROOT = '/srv/balancer-lens-bench';

const CONFIGS = [
  { label: '10k balancers', text: generateBalancerHeavy({ root: ROOT, port: 18_080, lines: 10_000, seed: SEED }).text },
  { label: '10k vhosts', text: generateConfig({ root: ROOT, port: 18_080, lines: 10_000, seed: SEED }).text },
];

interface Figures {
  /** CPU of analysis + lint over CPU of the fixed workload: machine-independent, or nearly. */
  readonly cpuRatio: number;
  /** Heap kept by an analysis and its findings, per byte of configuration. */
  readonly heapPerByte: number;
  /** For the reader: this machine's throughput, MB/s of configuration. */
  readonly mbPerSecond: number;
}

type Baseline = Record<string, { readonly cpuRatio: number; readonly heapPerByte: number }>;

function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

function collect(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with node --expose-gc (npm run bench:smoke does)');
  gc();
}

/** Plain JavaScript of the kinds the core does, on a fixed text: the yardstick the core's time is divided by. */
function yardstick(): number {
  const random = prng(SEED);
  const lines: string[] = [];
  for (let i = 0; i < 60_000; i++) lines.push(`Key${Math.floor(random() * 50)} "value ${i}" other=${Math.floor(random() * 1000)}`);
  const text = lines.join('\n');
  const counts = new Map<string, number>();
  const words: { name: string; value: string; at: number }[] = [];
  let at = 0;
  for (const line of text.split('\n')) {
    const match = /^(\w+) "([^"]*)" (\w+)=(\d+)$/.exec(line);
    if (match) {
      const name = match[1]!.toLowerCase();
      counts.set(name, (counts.get(name) ?? 0) + 1);
      words.push({ name, value: match[2]!, at }, { name: match[3]!, value: match[4]!, at: at + 1 });
    }
    at += line.length + 1;
  }
  words.sort((x, y) => x.name.localeCompare(y.name) || x.at - y.at);
  return counts.size + words.length;
}

/**
 * One configuration's figures, in a fresh process (so no earlier analysis blurs the heap): the heap
 * first, then the quickest of ROUNDS rounds, each timing the yardstick and then the core.
 */
function measure(label: string): Figures {
  const out = execFileSync(process.execPath, [...process.execArgv, __filename, '--measure', label], { encoding: 'utf8' });
  return JSON.parse(out) as Figures;
}

function measureHere(text: string): Figures {
  const bytes = Buffer.byteLength(text);
  const heapPerByte = keptHeap(text).heapBytes / bytes;
  const yardstickMs: number[] = [];
  const coreMs: number[] = [];
  yardstick();
  lint(analyze(text, OPTIONS));
  for (let round = 0; round < ROUNDS; round++) {
    collect();
    let start = cpuMs();
    yardstick();
    yardstickMs.push(cpuMs() - start);
    collect();
    start = cpuMs();
    lint(analyze(text, OPTIONS));
    coreMs.push(cpuMs() - start);
  }
  // The quickest round of each: what another process on the machine slows down is not the code's cost.
  const fastest = Math.min(...coreMs);
  return { cpuRatio: fastest / Math.min(...yardstickMs), heapPerByte, mbPerSecond: bytes / 1e6 / (fastest / 1000) };
}

function main(): void {
  const asked = process.argv.indexOf('--measure');
  if (asked >= 0) {
    const config = CONFIGS.find((each) => each.label === process.argv[asked + 1])!;
    process.stdout.write(JSON.stringify(measureHere(config.text)));
    return;
  }
  const update = process.argv.includes('--update');
  const measured = new Map(CONFIGS.map((config) => [config.label, measure(config.label)]));
  if (update) {
    const baseline: Baseline = Object.fromEntries(
      [...measured].map(([label, figures]) => [label, { cpuRatio: round(figures.cpuRatio), heapPerByte: round(figures.heapPerByte) }]),
    );
    writeFileSync(BASELINE, `${JSON.stringify(baseline, null, 2)}\n`);
    for (const [label, figures] of measured) console.log(`${label}: ${describe(figures)} (baseline written)`);
    return;
  }
  const baseline = JSON.parse(readFileSync(BASELINE, 'utf8')) as Baseline;
  const failures: string[] = [];
  for (const config of CONFIGS) {
    const expected = baseline[config.label];
    if (!expected) throw new Error(`${BASELINE} has no figures for ${config.label}: run npm run bench:baseline`);
    let figures = measured.get(config.label)!;
    let over = overBaseline(figures, expected);
    if (over.length > 0) {
      console.log(`${config.label}: ${over.join('; ')}; measuring again`);
      figures = measure(config.label);
      over = overBaseline(figures, expected);
    }
    console.log(`${config.label}: ${describe(figures)}; baseline CPU ratio ${expected.cpuRatio}, heap ${expected.heapPerByte} B/B`);
    failures.push(...over.map((what) => `${config.label}: ${what}`));
  }
  if (failures.length > 0) {
    console.error(
      `guard: slower or larger than bench/guard-baseline.json allows (×${TOLERANCE}), twice:\n${failures.join('\n')}\n` +
        'Find the cause (npm run bench -- --profile), or, for a cost the change is worth, say so with the figure in ' +
        'its note and CHANGELOG and run npm run bench:baseline.',
    );
    process.exitCode = 1;
  }
}

function overBaseline(figures: Figures, expected: Baseline[string]): string[] {
  const over: string[] = [];
  if (figures.cpuRatio > expected.cpuRatio * TOLERANCE)
    over.push(`CPU ratio ${round(figures.cpuRatio)} is ×${round(figures.cpuRatio / expected.cpuRatio)} its baseline`);
  if (figures.heapPerByte > expected.heapPerByte * TOLERANCE)
    over.push(`heap ${round(figures.heapPerByte)} B/B is ×${round(figures.heapPerByte / expected.heapPerByte)} its baseline`);
  return over;
}

function describe(figures: Figures): string {
  return `CPU ratio ${round(figures.cpuRatio)} (${figures.mbPerSecond.toFixed(1)} MB/s here), heap ${round(figures.heapPerByte)} B/B`;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

main();
