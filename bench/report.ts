/** The benchmark's results: their shape, the markdown report, and the docs/performance.md section it lives in. */
import type { AnalysisResult, RuleGrowth, SchedulerResult } from './inprocess';
import type { BusyHoverResult, FeatureResult, KeystrokeResult } from './lsp';
import type { ProfileSummary } from './profile';

/** One measured command at one size: medians over its runs. */
export interface CommandStats {
  readonly runs: number;
  readonly wallMs: number;
  readonly cpuMs: number | undefined;
  readonly maxRssKiB: number | undefined;
}

/**
 * The two shapes of generated configuration: `vhosts`, thousands of virtual hosts with a few
 * balancers each (Apache copies every server-wide balancer into every virtual host, so its check
 * explodes); `balancers`, many server-wide balancers of 20 members and few virtual hosts, the shape
 * of real balancer files.
 */
export type Shape = 'vhosts' | 'balancers';
export const SHAPES: readonly Shape[] = ['vhosts', 'balancers'];

/** `balancer-lens lint` and `apache2 -t` on one generated configuration. */
export interface CliSize {
  readonly shape: Shape;
  readonly label: string;
  readonly lines: number;
  readonly bytes: number;
  readonly balancers: number;
  readonly members: number;
  readonly virtualHosts: number;
  readonly lint: CommandStats & {
    readonly mbPerSecond: number;
    readonly errors: number;
    readonly warnings: number;
    readonly infos: number;
    readonly exitCode: number | null;
  };
  /** Absent with the reason when apache2 is not installed. */
  readonly apache:
    | (CommandStats & {
        readonly syntaxOk: boolean;
        /** Median over the rounds of Apache's wall time ÷ lint's in the same round (> 1: lint is faster). */
        readonly pairedSpeedup: number;
      })
    | { readonly skipped: string };
  /** `node -e 0`, run in the same rounds: the floor of any Node.js program here. */
  readonly nodeBaselineMs: number;
  /** Median over the rounds of lint's wall time minus `node -e 0`'s in the same round. */
  readonly overNodeMs: number;
}

/** Per-line cost at one size, from the CLI and from the in-process phases. */
export interface ScalingRow {
  readonly label: string;
  readonly lines: number;
  readonly megabytes: number;
  readonly cliMicrosPerLine: number;
  /** CLI wall time minus the start-up (`lint` of the small example), per line. */
  readonly cliNetMicrosPerLine: number;
  readonly cliMsPerMegabyte: number;
  readonly inProcessMicrosPerLine: number;
}

/** A target from the issue and where the measurement stands. */
/** `lint DIR` over a folder of `files` files. */
export interface FolderRun {
  readonly files: number;
  readonly wallMs: number;
}

export interface TargetCheck {
  readonly name: string;
  readonly actual: string;
  readonly target: string;
  /** undefined when it could not be measured here. */
  readonly met: boolean | undefined;
}

/** Everything `npm run bench` measured; written to bench/results.json. */
export interface Results {
  readonly mode: 'full' | 'smoke';
  readonly date: string;
  readonly machine: {
    readonly cpu: string;
    readonly cores: number;
    readonly memoryGiB: number;
    readonly node: string;
    readonly platform: string;
    readonly apache: string | undefined;
    readonly gnuTime: boolean;
    /** 1, 5 and 15 minute load averages when the run started and ended: other work on the machine skews timings. */
    readonly loadAverage: { readonly start: readonly number[]; readonly end: readonly number[] };
  };
  readonly commit: string | undefined;
  readonly notes: readonly string[];
  /** Problems found on the way (the linter reporting an error on a configuration Apache accepts, …). */
  readonly findings: readonly string[];
  readonly cli: {
    readonly sizes: readonly CliSize[];
    readonly startup: {
      readonly runs: number;
      readonly nodeBaselineMs: number;
      readonly versionMs: number;
      readonly lintExampleMs: number;
      readonly lintExampleRssKiB: number | undefined;
      /** Median over the rounds of `--version`'s wall time minus `node -e 0`'s in the same round. */
      readonly versionOverNodeMs: number;
    };
  };
  readonly inProcess: { readonly results: readonly AnalysisResult[]; readonly maxRssKiB: number };
  readonly scaling: {
    readonly rows: readonly ScalingRow[];
    readonly ratios: Record<string, number>;
    readonly superlinear: readonly string[];
    /** Each rule's example repeated `copies` times. */
    readonly rules: { readonly copies: readonly [number, number]; readonly results: readonly RuleGrowth[] };
    /** `lint DIR` of a folder of few and many small files (median wall time). */
    readonly folders: readonly FolderRun[];
  };
  readonly server: {
    readonly startup: {
      readonly runs: number;
      readonly lines: number;
      readonly firstDiagnosticsMs: number;
      readonly initializeMs: number;
      readonly openToDiagnosticsMs: number;
      readonly maxRssKiB: number | undefined;
    };
    readonly keystroke: KeystrokeResult & { readonly lines: number };
    /** TYPED_LINE typed into balancers and deleted again, a character at a time (absent from runs before it was measured). */
    readonly typing?: KeystrokeResult & { readonly lines: number };
    /** The same edits with the file in a workspace folder beside `others` configurations of its size (absent from runs before it was measured). */
    readonly workspaceKeystroke?: KeystrokeResult & { readonly lines: number; readonly others: number };
    /** The same configuration as `files` files, `apache2.conf` including site files, the edits in one site of `ownLines` lines (absent from runs before it was measured). */
    readonly includedKeystroke?: KeystrokeResult & { readonly lines: number; readonly files: number; readonly ownLines: number };
    /** `hoverAfterEdit` is absent from runs before it was measured. */
    readonly features: Omit<FeatureResult, 'hoverAfterEdit'> &
      Partial<Pick<FeatureResult, 'hoverAfterEdit'>> & { readonly members: number };
    /** A hover on a small file while a configuration of `bytes` is analysed (absent from runs before it was measured). */
    readonly busyHover?: BusyHoverResult & { readonly bytes: number };
  };
  readonly scheduler: SchedulerResult & { readonly maxRssKiB: number };
  readonly bundles: readonly { readonly file: string; readonly bytes: number; readonly gzipBytes: number }[];
  readonly vsix: { readonly file: string; readonly bytes: number; readonly note: string } | { readonly skipped: string };
  readonly targets: readonly TargetCheck[];
  readonly profiles: Readonly<Record<string, ProfileSummary>>;
}

export const README_START = '<!-- bench:start -->';
export const README_END = '<!-- bench:end -->';
const HEADING = '## Performance';

/** Milliseconds for a table: one decimal below 100. */
export function ms(value: number | undefined): string {
  if (value === undefined || !Number.isFinite(value)) return '—';
  return value < 100 ? `${value.toFixed(1)} ms` : `${Math.round(value).toLocaleString('en-US')} ms`;
}

/** A difference in milliseconds, with its sign (`+22.3 ms`, `-1.2 ms`). */
export function signed(value: number): string {
  return value < 0 ? ms(value) : `+${ms(value)}`;
}

/** KiB as MiB. */
export function mib(kib: number | undefined): string {
  return kib === undefined ? '—' : `${(kib / 1024).toFixed(kib < 10 * 1024 ? 1 : 0)} MiB`;
}

function bytes(value: number): string {
  if (value >= 1024 * 1024) return `${(value / 1024 / 1024).toFixed(2)} MiB`;
  return `${(value / 1024).toFixed(1)} KiB`;
}

/** Throughput with two significant digits below 10 MB/s. */
export function mbps(value: number): string {
  return value < 10 ? value.toPrecision(2) : value.toFixed(1);
}

function chars(count: number): string {
  return count >= 1024 * 1024
    ? `${(count / 1024 / 1024).toFixed(1)} M characters`
    : count >= 1024
      ? `${(count / 1024).toFixed(0)} K characters`
      : `${count} characters`;
}

function lines(count: number): string {
  return count.toLocaleString('en-US');
}

function ratio(value: number | undefined, digits = 1): string {
  return value === undefined || !Number.isFinite(value) ? '—' : `${value.toFixed(digits)}×`;
}

function mark(met: boolean | undefined): string {
  return met === undefined ? 'n/a' : met ? 'yes' : '**no**';
}

/** The report: targets, CLI per size, scaling, server, scheduler, bundles, hot spots, and how it was measured. */
export function renderMarkdown(results: Results): string {
  const out: string[] = [];
  const { machine } = results;
  out.push(
    `Measured by \`npm run bench\` (${results.mode === 'smoke' ? 'smoke mode: small sizes, no targets' : 'full run'}) on ${results.date.slice(0, 10)}${results.commit ? ` at ${results.commit}` : ''}: ` +
      `${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, Node ${machine.node}${machine.apache ? `, ${machine.apache}` : ''}; ` +
      `load average ${machine.loadAverage.start.map((value) => value.toFixed(1)).join(' / ')} at the start. ` +
      'Times are medians of several runs (p50/p95 where stated); raw numbers in `bench/results.json`. ' +
      '`npm run bench` regenerates this section (`npm run bench -- --profile` adds the hot spots); `npm run bench:smoke` is the quick variant CI runs.',
  );
  if (results.targets.length > 0) {
    out.push('', '| target | measured | goal | met |', '| --- | --- | --- | --- |');
    for (const target of results.targets) out.push(`| ${target.name} | ${target.actual} | ${target.target} | ${mark(target.met)} |`);
  }

  for (const shape of SHAPES) {
    out.push(
      '',
      `**\`balancer-lens lint FILE --format json\` and \`apache2 -t -f FILE\`, ${shape === 'vhosts' ? 'many virtual hosts' : 'balancer-heavy (balancers of 20 members, few virtual hosts)'}** (generated configurations Apache accepts; medians; "faster" is the median of per-round ratios, each round running both and \`node -e 0\`)`,
      '',
    );
    out.push(
      '| lines | size | balancers / members / vhosts | lint wall | lint CPU | MB/s | lint peak RSS | `node -e 0` | `apache2 -t` wall | CPU | peak RSS | faster | memory |',
    );
    out.push('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const size of results.cli.sizes.filter((each) => each.shape === shape)) {
      const apache = 'skipped' in size.apache ? undefined : size.apache;
      out.push(
        `| ${lines(size.lines)} | ${bytes(size.bytes)} | ${lines(size.balancers)} / ${lines(size.members)} / ${lines(size.virtualHosts)} | ${ms(size.lint.wallMs)} | ${ms(size.lint.cpuMs)} | ${mbps(size.lint.mbPerSecond)} | ${mib(size.lint.maxRssKiB)} | ${ms(size.nodeBaselineMs)} | ` +
          (apache
            ? `${ms(apache.wallMs)} | ${ms(apache.cpuMs)} | ${mib(apache.maxRssKiB)} | ${ratio(apache.pairedSpeedup, 2)} | ${apache.maxRssKiB && size.lint.maxRssKiB ? `${((100 * size.lint.maxRssKiB) / apache.maxRssKiB).toFixed(0)}% of Apache's` : '—'} |`
            : `— | — | — | — | — |`),
      );
    }
  }
  const skipped = results.cli.sizes.find((size) => 'skipped' in size.apache);
  if (skipped && 'skipped' in skipped.apache) out.push('', `_apache2 column skipped: ${skipped.apache.skipped}_`);
  const startup = results.cli.startup;
  out.push(
    '',
    `CLI start-up (median of ${startup.runs}): \`--version\` ${ms(startup.versionMs)}, \`lint examples/shop.conf\` ${ms(startup.lintExampleMs)} (peak RSS ${mib(startup.lintExampleRssKiB)}); \`node -e 0\` alone takes ${ms(startup.nodeBaselineMs)}.`,
  );

  out.push(
    '',
    '**Scaling** (time per line; "net" subtracts the CLI start-up; in-process is `analyze` + `lint` without start-up, warm; "heap kept" is the heap the analysis and its findings hold after a full GC, per byte of configuration)',
    '',
  );
  out.push(
    '| configuration | CLI µs/line | CLI net µs/line | CLI ms/MB | in-process µs/line | MB/s | parse | model | previews | rules | heap kept |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const row of results.scaling.rows) {
    const phases = results.inProcess.results.find((result) => result.label === row.label);
    out.push(
      `| ${row.label} (${lines(row.lines)} lines) | ${row.cliMicrosPerLine.toFixed(1)} | ${row.cliNetMicrosPerLine.toFixed(1)} | ${row.cliMsPerMegabyte.toFixed(0)} | ${row.inProcessMicrosPerLine.toFixed(1)} | ` +
        `${phases ? mbps(phases.bytes / 1e6 / (phases.total.wallMs / 1000)) : '—'} | ${ms(phases?.parse.wallMs)} | ${ms(phases?.model.wallMs)} | ${ms(phases?.previews.wallMs)} | ${ms(phases?.lint.wallMs)} | ${phases ? `${(phases.heapBytes / phases.bytes).toFixed(1)} B/B` : '—'} |`,
    );
  }
  const ratioText = Object.entries(results.scaling.ratios)
    .map(([name, value]) => `${name} ${ratio(value, 2)}`)
    .join(', ');
  const { copies, results: growth } = results.scaling.rules;
  const steepest = [...growth]
    .sort((a, b) => b.microsPerCopy[1] / b.microsPerCopy[0] - a.microsPerCopy[1] / a.microsPerCopy[0])
    .slice(0, 5);
  const growthText = steepest
    .map(
      (rule) =>
        `${rule.rule} ${ratio(rule.microsPerCopy[1] / rule.microsPerCopy[0], 2)} (${lines(rule.findings[1])} findings, ${ms((rule.microsPerCopy[1] * copies[1]) / 1000)})`,
    )
    .join(', ');
  out.push(
    '',
    `Per-line cost, largest ÷ smallest size: ${ratioText} (1.00× is linear).`,
    '',
    `Rules with thousands of findings: each of the ${growth.length} rules' example repeated ${lines(copies[0])} and ${lines(copies[1])} times (own balancer names and addresses per copy), analysis + lint per copy, ${lines(copies[1])} ÷ ${lines(copies[0])} copies — the steepest: ${growthText} (1.00× is linear, 4× quadratic).`,
    '',
    `Many files at once (\`lint DIR\`, each file a balancer routing to the next file's, so every file's references are checked across the folder): ${results.scaling.folders.map((folder) => `${lines(folder.files)} files ${ms(folder.wallMs)} (${(folder.wallMs / folder.files).toFixed(2)} ms per file)`).join(', ')}.`,
    '',
    results.scaling.superlinear.length > 0
      ? `**Superlinear:** ${results.scaling.superlinear.join('; ')}.`
      : 'Nothing superlinear beyond noise.',
  );

  const { server } = results;
  out.push(
    '',
    '**Language server** (over stdio, as an editor drives it)',
    '',
    '| measurement | p50 | p95 | peak RSS |',
    '| --- | ---: | ---: | ---: |',
  );
  out.push(
    `| start → first diagnostics, ${lines(server.startup.lines)} lines (median of ${server.startup.runs} after a start that writes the code caches; initialize ${ms(server.startup.initializeMs)}, didOpen → diagnostics ${ms(server.startup.openToDiagnosticsMs)}) | ${ms(server.startup.firstDiagnosticsMs)} | | ${mib(server.startup.maxRssKiB)} |`,
  );
  out.push(
    `| didChange → publishDiagnostics, ${lines(server.keystroke.lines)} lines, ${server.keystroke.latency.samples} one-character edits | ${ms(server.keystroke.latency.p50)} | ${ms(server.keystroke.latency.p95)} | ${mib(server.keystroke.maxRssKiB)} |`,
  );
  const typing = server.typing;
  if (typing)
    out.push(
      `| the same file, typing a \`BalancerMember\` line into balancers and deleting it, a character at a time (${typing.latency.samples} edits) | ${ms(typing.latency.p50)} | ${ms(typing.latency.p95)} | ${mib(typing.maxRssKiB)} |`,
    );
  const workspace = server.workspaceKeystroke;
  if (workspace)
    out.push(
      `| the same, in a workspace beside ${workspace.others} other configurations of ${lines(workspace.lines)} lines | ${ms(workspace.latency.p50)} | ${ms(workspace.latency.p95)} | ${mib(workspace.maxRssKiB)} |`,
    );
  const included = server.includedKeystroke;
  if (included)
    out.push(
      `| the same configuration in ${included.files} files (an apache2.conf including site files), the edits in a site of ${lines(included.ownLines)} lines | ${ms(included.latency.p50)} | ${ms(included.latency.p95)} | ${mib(included.maxRssKiB)} |`,
    );
  const features = server.features;
  out.push(
    `| hover on the balancer, ${lines(features.members)} members (${chars(features.hoverBalancerChars)} of markdown; ${features.hoverBalancer.samples} requests) | ${ms(features.hoverBalancer.p50)} | ${ms(features.hoverBalancer.p95)} | ${mib(features.maxRssKiB)} |`,
  );
  if (features.hoverAfterEdit)
    out.push(
      `| the same, the first hover after each edit (${features.hoverAfterEdit.samples} edits) | ${ms(features.hoverAfterEdit.p50)} | ${ms(features.hoverAfterEdit.p95)} | |`,
    );
  out.push(
    `| hover on a member, ${lines(features.members)} members (up to ${chars(features.hoverMemberChars)}; ${features.hoverMember.samples} requests) | ${ms(features.hoverMember.p50)} | ${ms(features.hoverMember.p95)} | |`,
  );
  out.push(
    `| inlay hints, all ${lines(features.members)} members (${features.inlayHintsAll.samples} requests) | ${ms(features.inlayHintsAll.p50)} | ${ms(features.inlayHintsAll.p95)} | |`,
  );
  out.push(
    `| inlay hints, a 60-line viewport (${features.inlayHintsViewport.samples} requests) | ${ms(features.inlayHintsViewport.p50)} | ${ms(features.inlayHintsViewport.p95)} | |`,
  );
  const busy = server.busyHover;
  if (busy)
    out.push(
      `| hover on a small file while a ${(busy.bytes / 1024 / 1024).toFixed(1)} MB configuration beside it is analysed (${busy.hover.samples} edits of it; the analysis: p50 ${ms(busy.analysis.p50)}) | ${ms(busy.hover.p50)} | ${ms(busy.hover.p95)} | ${mib(busy.maxRssKiB)} |`,
    );

  const scheduler = results.scheduler;
  out.push(
    '',
    `**Scheduler** (in-process): shares + the first ${lines(scheduler.picks)} picks of ${lines(scheduler.members)} members (${lines(scheduler.distinctLoadfactorTexts)} distinct decimal loadfactors, ${lines(scheduler.distinctLbfactors)} distinct lbfactors, a cycle of ${lines(scheduler.cycleLength)}): ` +
      `p50 ${ms(scheduler.query.p50)}, p95 ${ms(scheduler.query.p95)} over ${scheduler.query.samples} queries; peak RSS of the process ${mib(scheduler.maxRssKiB)}.`,
  );

  out.push('', '**Bundles**', '', '| file | size | gzip |', '| --- | ---: | ---: |');
  for (const bundle of results.bundles) out.push(`| \`${bundle.file}\` | ${bytes(bundle.bytes)} | ${bytes(bundle.gzipBytes)} |`);
  if ('skipped' in results.vsix) out.push(`| .vsix | skipped: ${results.vsix.skipped} | |`);
  else out.push(`| \`${results.vsix.file}\` (${results.vsix.note}) | ${bytes(results.vsix.bytes)} | |`);

  const profiles = Object.entries(results.profiles);
  if (profiles.length > 0) {
    out.push('', '**Hot spots** (`node --cpu-prof`, self time)', '');
    for (const [name, summary] of profiles) {
      out.push(
        `- ${name} (${ms(summary.totalMs)} sampled): ${summary.self
          .slice(0, 5)
          .map((spot) => `\`${spot.function}\` ${spot.percent}%`)
          .join(', ')}`,
      );
    }
  }
  if (results.findings.length > 0) out.push('', '**Findings**', '', ...results.findings.map((finding) => `- ${finding}`));
  if (results.notes.length > 0) out.push('', ...results.notes.map((note) => `_${note}_`));
  return out.join('\n');
}

/**
 * The README with `block` between the markers under "## Performance"; the section (heading and
 * markers) is created before "## Architecture" (else at the end) when it is not there yet.
 * Nothing outside the heading and the markers changes.
 */
export function updateReadme(readme: string, block: string): string {
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END);
  if (start >= 0 && end > start) return `${readme.slice(0, start + README_START.length)}\n${block}\n${readme.slice(end)}`;
  if (start >= 0 || end >= 0) throw new Error(`README.md has only one of ${README_START} and ${README_END}`);
  const section = `${HEADING}\n\n${README_START}\n${block}\n${README_END}\n\n`;
  const headingAt = readme.search(/^## Performance\s*$/m);
  if (headingAt >= 0) {
    const afterHeading = readme.indexOf('\n', headingAt) + 1;
    return `${readme.slice(0, afterHeading)}\n${README_START}\n${block}\n${README_END}\n${readme.slice(afterHeading)}`;
  }
  const architecture = readme.search(/^## Architecture\s*$/m);
  if (architecture >= 0) return `${readme.slice(0, architecture)}${section}${readme.slice(architecture)}`;
  return `${readme.trimEnd()}\n\n${section}`;
}
