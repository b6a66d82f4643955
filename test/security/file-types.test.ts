/**
 * Files that are not configuration files by type: a FIFO blocks whoever opens it, a device or
 * /proc/self/pagemap (a "regular" file of size 0) never ends, /proc/kmsg blocks. Each is skipped
 * with a one-line reason, and the rest of the run goes on.
 */
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../support/temp';
import { spawnCli } from '../support/cli';

const CONF =
  '<Proxy balancer://a>\nBalancerMember http://10.0.0.1\n</Proxy>\nProxyPass / balancer://a/\nProxyPassReverse / balancer://a/\n';

/** A folder with one good configuration and a FIFO `conf.d/pipe.conf` that no one writes to. */
function treeWithFifo(): string {
  const dir = tempDir('balancer-lens-fifo-');
  writeFileSync(join(dir, 'a.conf'), CONF);
  mkdirSync(join(dir, 'conf.d'));
  execFileSync('mkfifo', [join(dir, 'conf.d/pipe.conf')]);
  return dir;
}

/** A run in a shell with at most 3 GB of address space: reading /proc/self/pagemap whole fails fast instead of taking the machine's memory. */
function runBounded(args: readonly string[], cwd: string): { status: number | null; stdout: string; stderr: string } {
  const cli = join(__dirname, '../../server/dist/cli.js');
  const quoted = [process.execPath, cli, ...args].map((arg) => `'${arg.replace(/'/g, `'\\''`)}'`).join(' ');
  try {
    const stdout = execFileSync('bash', ['-c', `ulimit -v 3000000; exec ${quoted}`], {
      cwd,
      encoding: 'utf8',
      timeout: 30_000,
      killSignal: 'SIGKILL',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return { status: 0, stdout, stderr: '' };
  } catch (error) {
    const failed = error as { status: number | null; stdout: string; stderr: string };
    return { status: failed.status, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

describe('security: files that are not regular files', function () {
  this.timeout(60_000);

  it('a FIFO found by a directory walk is skipped, the rest linted, exit 2', () => {
    const dir = treeWithFifo();
    const run = spawnCli(['lint', '--format', 'compact', '.'], { cwd: dir, timeoutMs: 20_000 });
    assert.equal(run.signal, null, 'the run blocked on the FIFO');
    assert.equal(run.status, 2, run.stderr);
    assert.equal(run.stderr, 'balancer-lens: conf.d/pipe.conf is a FIFO (named pipe), not a regular file, skipped\n');
    assert.doesNotMatch(run.stdout, /pipe\.conf/);
  });

  it('a FIFO matched by a quoted glob is skipped, exit 2', () => {
    const dir = treeWithFifo();
    writeFileSync(join(dir, 'conf.d/b.conf'), CONF.replace(/a\b/g, 'b'));
    const run = spawnCli(['lint', 'conf.d/*.conf'], { cwd: dir, timeoutMs: 20_000 });
    assert.equal(run.signal, null, 'the run blocked on the FIFO');
    assert.equal(run.status, 2, run.stderr);
    assert.match(run.stderr, /^balancer-lens: conf\.d\/pipe\.conf is a FIFO \(named pipe\), not a regular file, skipped\n$/);
  });

  it('/proc/self/pagemap through a symlink named on the command line is skipped by type, exit 2', () => {
    const dir = tempDir('balancer-lens-pagemap-');
    symlinkSync('/proc/self/pagemap', join(dir, 'map.conf'));
    const run = runBounded(['lint', 'map.conf'], dir);
    assert.equal(run.status, 2, run.stderr);
    assert.equal(run.stderr, 'balancer-lens: map.conf is a file of the proc file system, which may never end or may block, skipped\n');
  });

  it('/proc/self/pagemap through Include with --include-root / is not read: one finding, exit 2', () => {
    const dir = tempDir('balancer-lens-pagemap-');
    writeFileSync(join(dir, 'main.conf'), `${CONF}Include /proc/self/pagemap\n`);
    const run = runBounded(['lint', '--format', 'compact', '--include-root', '/', 'main.conf'], dir);
    assert.equal(run.status, 2, run.stderr);
    assert.match(
      run.stdout,
      /^main\.conf:6:1: info: "\/proc\/self\/pagemap" is a file of the proc file system, which may never end or may block, so it is not read \[include-over-limit\]$/m,
    );
  });

  it('a device named on the command line or included is refused as Apache refuses it', () => {
    const dir = tempDir('balancer-lens-device-');
    symlinkSync('/dev/zero', join(dir, 'zero.conf'));
    writeFileSync(join(dir, 'main.conf'), `${CONF}Include /dev/zero\nInclude /dev/null\n`);
    const named = spawnCli(['lint', 'zero.conf'], { cwd: dir, timeoutMs: 20_000 });
    assert.equal(named.status, 2, named.stderr);
    assert.equal(named.stderr, 'balancer-lens: zero.conf is a character device, not a regular file, skipped\n');
    const included = spawnCli(['lint', '--format', 'json', '--include-root', '/', 'main.conf'], { cwd: dir, timeoutMs: 20_000 });
    // apache2 -t: "Could not open configuration file /dev/zero: Bad file descriptor", exit 1; /dev/null reads as empty.
    assert.equal(included.status, 1, included.stderr);
    const [finding, ...more] = (
      JSON.parse(included.stdout) as { messages: { line: number; ruleId: string; apacheMessage?: string }[] }[]
    ).flatMap((file) => file.messages);
    assert.deepEqual(more, [], included.stdout);
    assert.equal(finding?.line, 6);
    assert.equal(finding.ruleId, 'include-failed');
    assert.match(finding.apacheMessage ?? '', /^Could not open configuration file \/dev\/zero: Bad file descriptor/);
  });

  it('Include /proc/kmsg ends (it blocks a reader as root)', function () {
    if (!existsSync('/proc/kmsg')) this.skip();
    const dir = tempDir('balancer-lens-kmsg-');
    writeFileSync(join(dir, 'main.conf'), `${CONF}Include /proc/kmsg\n`);
    const run = spawnCli(['lint', '--include-root', '/', 'main.conf'], { cwd: dir, timeoutMs: 20_000 });
    assert.equal(run.signal, null, 'the run blocked on /proc/kmsg');
    assert.equal(run.status, 2, run.stderr);
  });

  it('standard input from an endless device stops at the size limit, exit 2', () => {
    const dir = tempDir('balancer-lens-stdin-');
    const run = runBoundedStdin(dir);
    assert.equal(run.status, 2, run.stderr);
    assert.match(run.stderr, /^balancer-lens: standard input holds more than the 1\.0 MB limit/);
  });
});

/** `lint --max-size 1 - < /dev/zero` under the same address-space bound. */
function runBoundedStdin(cwd: string): { status: number | null; stderr: string } {
  const cli = join(__dirname, '../../server/dist/cli.js');
  try {
    execFileSync('bash', ['-c', `ulimit -v 3000000; exec '${process.execPath}' '${cli}' lint --max-size 1 - < /dev/zero`], {
      cwd,
      encoding: 'utf8',
      timeout: 30_000,
      killSignal: 'SIGKILL',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return { status: 0, stderr: '' };
  } catch (error) {
    const failed = error as { status: number | null; stderr: string };
    return { status: failed.status, stderr: failed.stderr ?? '' };
  }
}
