/**
 * The in-process half of the benchmark, run in a child process (so its peak RSS is its own):
 * analysis and lint phases per configuration without the CLI's start-up, the scheduler on a huge
 * balancer, and the workloads `--profile` records. `run.ts` forks it with one task as argv[2]
 * (JSON) and receives one result over IPC.
 */
import { readFileSync } from 'node:fs';
import { analyze, AnalyzeOptions } from '../server/src/core/analysis';
import { hover } from '../server/src/core/features/hover';
import { inlayHints } from '../server/src/core/features/inlay-hints';
import { lint } from '../server/src/core/lint';
import { RULES } from '../server/src/core/rules/index';
import { RULE_EXAMPLES } from '../server/src/core/rules/examples';
import { buildModel } from '../server/src/core/model/build';
import { picks, schedule } from '../server/src/core/scheduler/byrequests';
import { previewBalancer } from '../server/src/core/scheduler/preview';
import { parse } from '../server/src/core/syntax/parser';
import { generateBigBalancer, repeatExample } from './generate';
import { distribution, Distribution, median } from './measure';

/** Any fixed time: nothing in the generated configurations depends on it. */
export const OPTIONS: AnalyzeOptions = { environment: {}, epochSeconds: 1_800_000_000 };

/** What the parent asks for. */
export type Task =
  | { readonly kind: 'analysis'; readonly files: readonly { readonly label: string; readonly path: string; readonly runs: number }[] }
  | {
      readonly kind: 'scheduler';
      readonly members: number;
      readonly picks: number;
      readonly iterations: number;
      readonly seed: number;
      readonly root: string;
    }
  | { readonly kind: 'rule-growth'; readonly copies: readonly [small: number, large: number] }
  | { readonly kind: 'lint-workload'; readonly path: string; readonly runs: number }
  | { readonly kind: 'hover-workload'; readonly path: string; readonly runs: number };

/** Wall and CPU time of one phase, medians over the measured runs (after one warm-up run). */
export interface PhaseTimes {
  readonly wallMs: number;
  readonly cpuMs: number;
}

/** The phases of one configuration. */
export interface AnalysisResult {
  readonly label: string;
  readonly lines: number;
  readonly bytes: number;
  readonly runs: number;
  readonly parse: PhaseTimes;
  readonly model: PhaseTimes;
  readonly previews: PhaseTimes;
  /** parse + model + previews, as `analyze` runs them (timed on its own). */
  readonly analyze: PhaseTimes;
  readonly lint: PhaseTimes;
  /** analyze + lint: what the CLI and the server do per file or keystroke. */
  readonly total: PhaseTimes;
  readonly diagnostics: number;
  /** Heap the analysis and its findings keep, after a full garbage collection (needs --expose-gc). */
  readonly heapBytes: number;
}

/** The scheduler on one huge balancer. */
export interface SchedulerResult {
  readonly members: number;
  readonly distinctLoadfactorTexts: number;
  readonly distinctLbfactors: number;
  readonly cycleLength: number;
  readonly picks: number;
  readonly query: Distribution;
}

/** One rule's example repeated a few and many times: analysis + lint, per copy. */
export interface RuleGrowth {
  readonly rule: string;
  readonly findings: readonly [small: number, large: number];
  /** Microseconds per copy, best of three runs after a warm-up run of each size. */
  readonly microsPerCopy: readonly [small: number, large: number];
}

/** What the child sends back, with its own peak RSS. */
export type TaskResult = { readonly maxRssKiB: number } & (
  | { readonly kind: 'analysis'; readonly results: readonly AnalysisResult[] }
  | { readonly kind: 'scheduler'; readonly result: SchedulerResult }
  | { readonly kind: 'rule-growth'; readonly results: readonly RuleGrowth[] }
  | { readonly kind: 'workload'; readonly wallMs: number }
);

function timed<T>(work: () => T): { value: T; wallMs: number; cpuMs: number } {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const value = work();
  const wallMs = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { value, wallMs, cpuMs: (used.user + used.system) / 1000 };
}

function analysisOf(label: string, path: string, runs: number): AnalysisResult {
  const text = readFileSync(path, 'utf8');
  const samples: Record<'parse' | 'model' | 'previews' | 'analyze' | 'lint' | 'total', { wall: number[]; cpu: number[] }> = {
    parse: { wall: [], cpu: [] },
    model: { wall: [], cpu: [] },
    previews: { wall: [], cpu: [] },
    analyze: { wall: [], cpu: [] },
    lint: { wall: [], cpu: [] },
    total: { wall: [], cpu: [] },
  };
  let diagnostics = 0;
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('bench/inprocess.ts needs --expose-gc');
  // Each phase starts on a collected heap, so it pays for its own garbage and not for the collections
  // an earlier phase left due (which grow with the heap and made phases look superlinear); `analyze`
  // and `lint` are timed as the CLI runs them, collections included.
  const phaseTimed = <T>(work: () => T): ReturnType<typeof timed<T>> => {
    gc();
    return timed(work);
  };
  // Run 0 warms the JIT up and is not counted.
  for (let run = 0; run <= runs; run++) {
    const parsed = phaseTimed(() => parse(text, OPTIONS));
    const modelled = phaseTimed(() => buildModel(parsed.value));
    const model = modelled.value;
    const previewed = phaseTimed(() =>
      model.balancers.map((balancer) => previewBalancer(balancer, { epochSeconds: OPTIONS.epochSeconds, persist: model.persist })),
    );
    gc();
    const analysed = timed(() => analyze(text, OPTIONS));
    const linted = timed(() => lint(analysed.value));
    diagnostics = linted.value.length;
    if (run === 0) continue;
    const add = (phase: keyof typeof samples, wall: number, cpu: number): void => {
      samples[phase].wall.push(wall);
      samples[phase].cpu.push(cpu);
    };
    add('parse', parsed.wallMs, parsed.cpuMs);
    add('model', modelled.wallMs, modelled.cpuMs);
    add('previews', previewed.wallMs, previewed.cpuMs);
    add('analyze', analysed.wallMs, analysed.cpuMs);
    add('lint', linted.wallMs, linted.cpuMs);
    add('total', analysed.wallMs + linted.wallMs, analysed.cpuMs + linted.cpuMs);
  }
  const phase = (name: keyof typeof samples): PhaseTimes => ({ wallMs: median(samples[name].wall), cpuMs: median(samples[name].cpu) });
  const kept = keptHeap(text);
  if (kept.diagnostics !== diagnostics) throw new Error('the analysis came out differently');
  const heapBytes = kept.heapBytes;
  return {
    label,
    lines: text.split('\n').length - (text.endsWith('\n') ? 1 : 0),
    bytes: Buffer.byteLength(text),
    runs,
    parse: phase('parse'),
    model: phase('model'),
    previews: phase('previews'),
    analyze: phase('analyze'),
    lint: phase('lint'),
    total: phase('total'),
    diagnostics,
    heapBytes,
  };
}

function schedulerOf(task: Extract<Task, { kind: 'scheduler' }>): SchedulerResult {
  const text = generateBigBalancer({ root: task.root, port: 18080, members: task.members, seed: task.seed, loadfactors: 'decimal' });
  const balancer = analyze(text, OPTIONS).model.balancers[0]!;
  const inputs = balancer.members.map((member) => ({
    lbfactor: member.params.lbfactor,
    lbset: member.params.lbset,
    status: member.params.status,
    retry: member.params.retry,
  }));
  const options = { forceRecovery: true, epochSeconds: OPTIONS.epochSeconds };
  const times: number[] = [];
  let cycleLength = 0;
  for (let i = 0; i <= task.iterations; i++) {
    const start = performance.now();
    const plan = schedule(inputs, options);
    const picked = picks(inputs, plan, task.picks);
    const elapsed = performance.now() - start;
    if (picked.length !== task.picks) throw new Error(`expected ${task.picks} picks, got ${picked.length}`);
    cycleLength = plan.cycleLength;
    // Iteration 0 warms the JIT up and is not counted.
    if (i > 0) times.push(elapsed);
  }
  return {
    members: inputs.length,
    distinctLoadfactorTexts: new Set(balancer.members.map((member) => member.setBy.get('loadfactor')?.value)).size,
    distinctLbfactors: new Set(inputs.map((input) => input.lbfactor)).size,
    cycleLength,
    picks: task.picks,
    query: distribution(times),
  };
}

/** Every rule's bad example repeated: the per-copy cost must not grow with the copies. */
function ruleGrowth(copies: readonly [number, number]): RuleGrowth[] {
  return RULES.map((rule) => {
    const measure = (count: number): { micros: number; findings: number } => {
      const text = repeatExample(RULE_EXAMPLES[rule.id].bad, count);
      let best = Infinity;
      let findings = 0;
      for (let run = 0; run < 3; run++) {
        const started = performance.now();
        findings = lint(analyze(text, OPTIONS)).filter((diagnostic) => diagnostic.ruleId === rule.id).length;
        best = Math.min(best, performance.now() - started);
      }
      return { micros: (best * 1000) / count, findings };
    };
    measure(copies[0]);
    measure(copies[1]);
    const [small, large] = [measure(copies[0]), measure(copies[1])];
    return { rule: rule.id, findings: [small.findings, large.findings], microsPerCopy: [small.micros, large.micros] };
  });
}

/** Hover on the balancer and on members, and inlay hints over every member, `runs` times: for `--profile`. */
function hoverWorkload(path: string, runs: number): void {
  const text = readFileSync(path, 'utf8');
  const analysis = analyze(text, OPTIONS);
  const balancerOffset = text.indexOf('balancer://big') + 3;
  const memberOffsets = [...text.matchAll(/BalancerMember "http/g)].map((match) => match.index! + 3);
  for (let i = 0; i < runs; i++) {
    hover(analysis, balancerOffset, { picks: 20 });
    hover(analysis, memberOffsets[(i * 37) % memberOffsets.length]!, { picks: 20 });
    inlayHints(analysis);
  }
}

/**
 * The heap an analysis of `text` and its findings keep, after full collections (needs --expose-gc),
 * and the findings' count. Garbage an earlier analysis left can blur it: measure in a fresh process.
 */
export function keptHeap(text: string): { readonly heapBytes: number; readonly diagnostics: number } {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('the heap is measured with --expose-gc');
  gc();
  gc();
  const before = process.memoryUsage().heapUsed;
  const analysis = analyze(text, OPTIONS);
  // Read after the collection, so that it cannot free the analysis.
  const kept = { analysis, diagnostics: lint(analysis) };
  gc();
  return { heapBytes: process.memoryUsage().heapUsed - before, diagnostics: kept.diagnostics.length };
}

function runTask(task: Task): TaskResult {
  const maxRss = (): number => process.resourceUsage().maxRSS;
  switch (task.kind) {
    case 'analysis':
      return { kind: 'analysis', results: task.files.map((file) => analysisOf(file.label, file.path, file.runs)), maxRssKiB: maxRss() };
    case 'scheduler':
      return { kind: 'scheduler', result: schedulerOf(task), maxRssKiB: maxRss() };
    case 'rule-growth':
      return { kind: 'rule-growth', results: ruleGrowth(task.copies), maxRssKiB: maxRss() };
    case 'lint-workload': {
      const text = readFileSync(task.path, 'utf8');
      const { wallMs } = timed(() => {
        for (let i = 0; i < task.runs; i++) lint(analyze(text, OPTIONS));
      });
      return { kind: 'workload', wallMs, maxRssKiB: maxRss() };
    }
    case 'hover-workload': {
      const { wallMs } = timed(() => hoverWorkload(task.path, task.runs));
      return { kind: 'workload', wallMs, maxRssKiB: maxRss() };
    }
  }
}

if (require.main === module) {
  const task = JSON.parse(process.argv[2] ?? '{}') as Task;
  const result = runTask(task);
  if (process.send) process.send(result, () => process.exit(0));
  else process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}
