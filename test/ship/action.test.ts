/**
 * The GitHub Action (action.yml) as the runner runs it: its composite steps' `run` scripts, with
 * bash, in the workspace, with the runner's variables (GITHUB_ACTION_PATH, GITHUB_WORKSPACE,
 * GITHUB_STEP_SUMMARY, GITHUB_OUTPUT, RUNNER_TEMP) and the inputs substituted into `env:` the way
 * the runner expands `${{ … }}`. The action is copied alone (action.yml, action/, package.json)
 * to where the runner checks actions out, so it must work without node_modules, the npm registry
 * or the repository's own build: only the bundle a release tag carries, built here as it is for one.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as yaml from 'js-yaml';

const ROOT = join(__dirname, '..', '..');
const FIXTURES = join(ROOT, 'test', 'fixtures', 'lint');

interface ActionInput {
  readonly default?: string;
}
interface ActionStep {
  readonly id?: string;
  readonly name?: string;
  readonly if?: string;
  readonly uses?: string;
  readonly with?: Record<string, string>;
  readonly shell?: string;
  readonly env?: Record<string, string>;
  readonly run?: string;
}
interface Action {
  readonly inputs: Record<string, ActionInput>;
  readonly runs: { readonly using: string; readonly steps: readonly ActionStep[] };
}

const action = yaml.load(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as Action;

/** What one run of the action did. */
interface ActionRun {
  /** The exit status of the last step run (0 when every step passed). */
  readonly status: number;
  readonly stdout: string;
  readonly summary: string;
  readonly outputs: string;
  /** Names of the steps run or, for `uses:` steps, reached; with what their `with:` expanded to. */
  readonly steps: readonly { readonly name: string; readonly with?: Record<string, string> }[];
  /** The traffic report the diff step wrote, if any. */
  readonly diff: string | undefined;
}

/** The `github` context values the action reads besides `github.action_path`; the runner gives '' for a missing one (not a pull request). */
type GithubContext = { readonly 'github.event.pull_request.base.sha'?: string };

/** Expands the expressions the action uses: `inputs.NAME`, `github.action_path` and the GithubContext ones; anything else is an error. */
function expand(text: string, inputs: Record<string, string>, actionPath: string, github: GithubContext = {}): string {
  return text.replace(/\$\{\{\s*([^}]*?)\s*\}\}/g, (_, expression: string) => {
    if (expression === 'github.action_path') return actionPath;
    if (expression === 'github.event.pull_request.base.sha') return github[expression] ?? '';
    const input = /^inputs\.([\w-]+)$/.exec(expression);
    if (input?.[1] !== undefined && input[1] in inputs) return inputs[input[1]] ?? '';
    throw new Error(`the test runner does not know the expression \${{ ${expression} }}`);
  });
}

/** The `if:` conditions the action uses: `inputs.NAME == 'value'`. */
function condition(text: string | undefined, inputs: Record<string, string>): boolean {
  if (text === undefined) return true;
  const match = /^inputs\.([\w-]+) == '([^']*)'$/.exec(text.trim());
  if (!match?.[1]) throw new Error(`the test runner does not know the condition ${text}`);
  return inputs[match[1]] === match[2];
}

/** What a run starts from besides the inputs: a step that prepares the workspace (a checkout) and gives the `github` context. */
interface RunContext {
  readonly prepare?: (workspace: string) => GithubContext;
}

/** Runs the action as the runner would, on a copy of `files` (name → fixture) in a fresh workspace. */
function runAction(given: Record<string, string>, files: Record<string, string>, context: RunContext = {}): ActionRun {
  const temp = mkdtempSync(join(tmpdir(), 'balancer-lens-action-'));
  try {
    const actionPath = join(temp, '_actions', 'balancer-lens', 'balancer-lens', 'v1');
    for (const file of ['action.yml', 'action', 'package.json']) cpSync(join(ROOT, file), join(actionPath, file), { recursive: true });
    const workspace = join(temp, 'workspace');
    for (const [name, fixture] of Object.entries(files)) {
      mkdirSync(join(workspace, name, '..'), { recursive: true });
      cpSync(join(FIXTURES, fixture), join(workspace, name));
    }
    mkdirSync(workspace, { recursive: true });
    const github = context.prepare?.(workspace) ?? {};
    const runnerTemp = join(temp, 'runner-temp');
    mkdirSync(runnerTemp);
    const inputs: Record<string, string> = {};
    for (const [name, input] of Object.entries(action.inputs)) inputs[name] = given[name] ?? input.default ?? '';
    const summaryFile = join(runnerTemp, 'step-summary.md');
    const outputFile = join(runnerTemp, 'output');
    writeFileSync(summaryFile, '');
    writeFileSync(outputFile, '');
    const base: NodeJS.ProcessEnv = {
      PATH: process.env['PATH'],
      HOME: process.env['HOME'],
      CI: 'true',
      GITHUB_ACTIONS: 'true',
      GITHUB_ACTION_PATH: actionPath,
      GITHUB_WORKSPACE: workspace,
      GITHUB_STEP_SUMMARY: summaryFile,
      GITHUB_OUTPUT: outputFile,
      RUNNER_TEMP: runnerTemp,
    };
    const steps: { name: string; with?: Record<string, string> }[] = [];
    let stdout = '';
    let status = 0;
    for (const [index, step] of action.runs.steps.entries()) {
      if (!condition(step.if, inputs)) continue;
      const name = step.name ?? step.id ?? `step ${index}`;
      if (step.uses !== undefined) {
        const expanded: Record<string, string> = {};
        for (const [key, value] of Object.entries(step.with ?? {})) expanded[key] = expand(value, inputs, actionPath);
        steps.push({ name, with: expanded });
        continue;
      }
      assert.equal(step.shell, 'bash', `${name}: the steps run with bash`);
      assert.ok(step.run !== undefined);
      assert.doesNotMatch(step.run, /\$\{\{/, `${name}: expressions belong in env:, where the runner quotes nothing into the script`);
      const env: NodeJS.ProcessEnv = { ...base };
      for (const [key, value] of Object.entries(step.env ?? {})) env[key] = expand(value, inputs, actionPath, github);
      const script = join(runnerTemp, `step-${index}.sh`);
      writeFileSync(script, step.run);
      // What the runner runs for `shell: bash`.
      const result = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], {
        cwd: workspace,
        env,
        encoding: 'utf8',
        timeout: 60_000,
      });
      if (result.error) throw result.error;
      steps.push({ name });
      stdout += result.stdout;
      status = result.status ?? 1;
      if (status !== 0) break;
    }
    const sarif = join(workspace, inputs['sarif-file'] ?? '');
    if (inputs['sarif'] === 'true') assert.ok(existsSync(sarif), 'the SARIF file was written');
    const diffFile = join(workspace, inputs['diff-file'] ?? '');
    return {
      status,
      stdout,
      summary: readFileSync(summaryFile, 'utf8'),
      outputs: readFileSync(outputFile, 'utf8'),
      steps,
      diff: existsSync(diffFile) ? readFileSync(diffFile, 'utf8') : undefined,
    };
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

describe('the GitHub Action', function () {
  this.timeout(60_000);

  it('runs the bundle a release tag carries, which main never holds (docs/releasing.md)', () => {
    const build = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(build.status, 0, build.stderr);
    const tracked = spawnSync('git', ['ls-files', '--', 'action/dist'], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(tracked.status, 0, tracked.stderr);
    assert.equal(tracked.stdout, '', 'action/dist is build output: it belongs on release tags, not on main');
    for (const step of action.runs.steps) {
      if (step.run !== undefined) assert.doesNotMatch(step.run, /\bnpx\b|\bnpm\b/, 'the action must not need the npm registry');
    }
  });

  it('passes a clean configuration, with a summary and no annotations', () => {
    const run = runAction({ paths: 'apache/' }, { 'apache/shop.conf': 'clean.conf' });
    assert.equal(run.status, 0, run.stdout);
    assert.equal(run.stdout, '');
    assert.match(run.summary, /^## Balancer Lens\n\n1 file linted: 0 errors, 0 warnings, 0 infos\.\n$/);
    assert.deepEqual(
      run.steps.map((step) => step.name),
      ['Job summary', 'Lint'],
    );
  });

  it('passes args (read flags such as --ext) to every run: lint, summary, SARIF and diff', () => {
    const files = { 'apache/orders.cfg': 'error.conf', 'apache/shop.conf': 'clean.conf' };
    assert.equal(runAction({ paths: 'apache/' }, files).status, 0, 'without --ext the .cfg file is not picked');
    const run = runAction({ paths: 'apache/', args: '--ext cfg', sarif: 'true' }, files);
    assert.equal(run.status, 1, run.stdout);
    assert.match(run.stdout, /^::error file=apache\/orders\.cfg,line=4,.*zero-loadfactor/m);
    assert.match(run.summary, /2 files linted: 1 error/);
  });

  it('fails on an error with an annotation, lists it in the summary, and writes SARIF for the upload', () => {
    const run = runAction(
      { paths: 'apache/', sarif: 'true', 'sarif-file': 'out/results.sarif' },
      { 'apache/orders.conf': 'error.conf', 'apache/shop.conf': 'clean.conf', 'out/.keep': 'clean.conf' },
    );
    assert.equal(run.status, 1);
    assert.match(run.stdout, /^::error file=apache\/orders\.conf,line=4,.*zero-loadfactor/m);
    assert.match(run.summary, /2 files linted: 1 error, 0 warnings, 0 infos\./);
    assert.match(
      run.summary,
      /\| error \| apache\/orders\.conf:4:\d+ \| .* \| \[`zero-loadfactor`\]\(https:\/\/github\.com\/balancer-lens\/balancer-lens\/blob\/main\/docs\/rules\/zero-loadfactor\.md\) \|/,
    );
    assert.equal(run.outputs, 'file=out/results.sarif\n');
    const upload = run.steps.find((step) => step.name === 'Upload SARIF');
    assert.deepEqual(upload?.with, { sarif_file: 'out/results.sarif', category: 'balancer-lens' });
    assert.deepEqual(
      run.steps.map((step) => step.name),
      ['Write SARIF', 'Upload SARIF', 'Job summary', 'Lint'],
    );
  });

  it('fails on warnings over max-warnings, in the chosen format, and leaves the summary out when asked', () => {
    const run = runAction(
      { paths: 'apache/*.conf', format: 'compact', 'max-warnings': '0', summary: 'false' },
      { 'apache/billing.conf': 'warning.conf' },
    );
    assert.equal(run.status, 1);
    assert.match(run.stdout, /^apache\/billing\.conf:\d+:\d+: warning\b.*\[all-members-disabled\]$/m);
    assert.equal(run.summary, '');
    assert.deepEqual(
      run.steps.map((step) => step.name),
      ['Lint'],
    );
  });

  /** A checkout of a pull request: the base commit holds apache/shop.conf (70/30), the working tree the change (7/30). */
  function pullRequest(workspace: string): string {
    const git = (...args: string[]): string =>
      spawnSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.invalid', '-c', 'commit.gpgsign=false', ...args], {
        cwd: workspace,
        encoding: 'utf8',
      }).stdout;
    const shop = (first: number): string =>
      `<Proxy "balancer://shop">\n    BalancerMember http://10.0.0.1:8080 loadfactor=${first}\n    BalancerMember http://10.0.0.2:8080 loadfactor=30\n</Proxy>\nProxyPass "/" "balancer://shop/"\n`;
    git('init', '-q', '-b', 'main');
    mkdirSync(join(workspace, 'apache'));
    writeFileSync(join(workspace, 'apache/shop.conf'), shop(70));
    git('add', '.');
    git('commit', '-q', '-m', 'base');
    const base = git('rev-parse', 'HEAD').trim();
    writeFileSync(join(workspace, 'apache/shop.conf'), shop(7));
    git('commit', '-q', '-am', 'the pull request');
    return base;
  }

  it('diff: on a pull request, writes the traffic report to the job summary and to diff-file, and says it changed', () => {
    const run = runAction(
      { paths: 'apache/', diff: 'true', 'diff-file': 'traffic.md', summary: 'false', args: '--ext cfg' },
      {},
      { prepare: (workspace) => ({ 'github.event.pull_request.base.sha': pullRequest(workspace) }) },
    );
    assert.equal(run.status, 0, run.stdout);
    assert.deepEqual(
      run.steps.map((step) => step.name),
      ['Traffic diff', 'Lint'],
    );
    assert.match(run.diff ?? '', /^### Balancer Lens: traffic changes\n/);
    assert.match(
      run.diff ?? '',
      /\| a \| http\\:\/\/10\.0\.0\.1:8080 \| `███████···` \| `██········` \| 70\.0% → 18\.9% \(−51\.1\) \| loadfactor 70 → 7 \|/,
    );
    assert.equal(run.summary, run.diff);
    assert.equal(run.outputs, 'file=traffic.md\nchanged=true\n');
  });

  it('diff: fetches the base commit when the checkout is shallow', () => {
    const origin = mkdtempSync(join(tmpdir(), 'balancer-lens-origin-'));
    try {
      const base = pullRequest(origin);
      spawnSync('git', ['config', 'uploadpack.allowAnySHA1InWant', 'true'], { cwd: origin });
      const run = runAction(
        { paths: 'apache/', diff: 'true', summary: 'false' },
        {},
        {
          prepare: (workspace) => {
            const clone = spawnSync('git', ['clone', '-q', '--depth=1', `file://${origin}`, workspace], { encoding: 'utf8' });
            assert.equal(clone.status, 0, clone.stderr);
            assert.notEqual(spawnSync('git', ['cat-file', '-e', `${base}^{commit}`], { cwd: workspace }).status, 0, 'the clone is shallow');
            return { 'github.event.pull_request.base.sha': base };
          },
        },
      );
      assert.equal(run.status, 0, run.stdout);
      assert.match(run.summary, /70\.0% → 18\.9%/);
    } finally {
      rmSync(origin, { recursive: true, force: true });
    }
  });

  for (const branch of ['main', 'origin/main'])
    it(`diff: takes diff-base ${branch} on a shallow checkout, fetching the branch`, () => {
      const origin = mkdtempSync(join(tmpdir(), 'balancer-lens-origin-'));
      try {
        pullRequest(origin);
        // The pull request's change is on a branch; main holds the base.
        spawnSync('git', ['branch', '-q', '-f', 'change', 'HEAD'], { cwd: origin });
        spawnSync('git', ['reset', '-q', '--hard', 'HEAD~1'], { cwd: origin });
        const run = runAction(
          { paths: 'apache/', diff: 'true', summary: 'false', 'diff-base': branch },
          {},
          {
            prepare: (workspace) => {
              const clone = spawnSync('git', ['clone', '-q', '--depth=1', '--branch', 'change', `file://${origin}`, workspace], {
                encoding: 'utf8',
              });
              assert.equal(clone.status, 0, clone.stderr);
              return {};
            },
          },
        );
        assert.equal(run.status, 0, run.stdout);
        assert.doesNotMatch(run.stdout, /traffic diff did not run/);
        assert.match(run.summary, /70\.0% → 18\.9%/);
        assert.equal(run.outputs, 'file=balancer-lens-diff.md\nchanged=true\n');
      } finally {
        rmSync(origin, { recursive: true, force: true });
      }
    });

  it('diff: a diff that fails warns and never stops the Lint step', () => {
    const run = runAction(
      { paths: 'apache/', diff: 'true', summary: 'false', 'diff-base': 'no-such-branch' },
      { 'apache/shop.conf': 'clean.conf' },
      { prepare: () => ({}) },
    );
    assert.match(run.stdout, /^::warning title=balancer-lens diff::the traffic diff did not run/m);
    assert.deepEqual(
      run.steps.map((step) => step.name),
      ['Traffic diff', 'Lint'],
    );
    assert.equal(run.status, 0, run.stdout);
  });

  it('diff: refuses a diff-base that git would take for an option, before fetching anything', () => {
    const origin = mkdtempSync(join(tmpdir(), 'balancer-lens-origin-'));
    const marker = join(origin, 'upload-pack-ran');
    try {
      pullRequest(origin);
      const run = runAction(
        { paths: 'apache/', diff: 'true', summary: 'false', 'diff-base': `--upload-pack=touch ${marker}; git-upload-pack` },
        {},
        {
          prepare: (workspace) => {
            const clone = spawnSync('git', ['clone', '-q', '--depth=1', `file://${origin}`, workspace], { encoding: 'utf8' });
            assert.equal(clone.status, 0, clone.stderr);
            return {};
          },
        },
      );
      assert.equal(existsSync(marker), false, 'git fetch ran the diff-base as --upload-pack');
      assert.match(run.stdout, /^balancer-lens: diff: diff-base takes a revision, not '--upload-pack=/m);
      // The report is advice: a diff that cannot run warns, and the lint runs all the same.
      assert.match(run.stdout, /^::warning title=balancer-lens diff::the traffic diff did not run/m);
      assert.deepEqual(
        run.steps.map((step) => step.name),
        ['Traffic diff', 'Lint'],
      );
      assert.equal(run.status, 0, run.stdout);
      assert.equal(run.summary, '');
    } finally {
      rmSync(origin, { recursive: true, force: true });
    }
  });

  it('diff: outside a pull request, says there is nothing to compare with and goes on', () => {
    const run = runAction({ paths: 'apache/', diff: 'true', summary: 'false' }, { 'apache/shop.conf': 'clean.conf' });
    assert.equal(run.status, 0, run.stdout);
    assert.match(run.stdout, /^balancer-lens: diff: not a pull request and no diff-base given/);
    assert.equal(run.summary, '');
    assert.equal(run.outputs, '');
  });
});
