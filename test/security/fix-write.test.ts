/**
 * `lint --fix` never loses a byte (docs/reliability.md, "--fix"): faults are injected into the
 * built CLI with strace (a SIGKILL or ENOSPC at a chosen system call, on the main thread, where the
 * synchronous file calls run), a read-only folder is made real by running the CLI as an
 * unprivileged user when the tests run as root, and the result is checked on disk every time.
 */
import assert from 'node:assert/strict';
import { spawnSync, SpawnSyncReturns } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  copyFileSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { tempDir } from '../support/temp';

const ROOT = join(__dirname, '../..');
const CLI = join(ROOT, 'server/dist/cli.js');
/** nobody:nogroup on Debian: who the CLI runs as when a folder must be read-only for it. */
const NOBODY = 65534;
const isRoot = process.getuid?.() === 0;

/** `count` balancers, each with a quoted loadfactor: one safe fix per balancer. */
function balancers(count: number, quoted: boolean): string {
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    const factor = quoted ? `"${(i % 9) + 1}"` : `${(i % 9) + 1}`;
    lines.push(
      `<Proxy "balancer://b${i}">`,
      `    BalancerMember "http://10.1.${i >> 7}.${(i & 127) + 1}:8080" loadfactor=${factor}`,
      '</Proxy>',
      `ProxyPass "/b${i}/" "balancer://b${i}/"`,
      `ProxyPassReverse "/b${i}" "balancer://b${i}/"`,
    );
  }
  return `${lines.join('\n')}\n`;
}

const OLD = balancers(2000, true);
const NEW = balancers(2000, false);
const TEMPORARY = /^\.big\.conf\.balancer-lens-\d+-[0-9a-f]{8}\.tmp$/;

function run(args: readonly string[], cwd: string, prefix: readonly string[] = [], cli = CLI): SpawnSyncReturns<string> {
  const [command, ...rest] = [...prefix, process.execPath, cli, 'lint', ...args];
  return spawnSync(command!, rest, { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
}

/**
 * The built CLI (the command and the bundle it loads) copied into a folder anyone may enter, for
 * running it as nobody: the clone may live under a folder only its owner may enter (root's home is
 * mode 700 on Debian).
 */
function cliAnyoneCanRun(): string {
  const dir = tempDir('balancer-lens-cli-');
  chmodSync(dir, 0o755);
  for (const file of ['cli.js', 'bundle.js']) {
    copyFileSync(join(dirname(CLI), file), join(dir, file));
    chmodSync(join(dir, file), 0o644);
  }
  return join(dir, 'cli.js');
}

/** The system calls a fault is injected into; strace counts each name separately for `when=`. */
const CALLS = 'openat,write,fchown,fchmod,fsync,rename';

/** Runs `lint --fix big.conf` under strace (main thread only), injecting `inject` if given; returns the run and the calls made. */
function traced(dir: string, inject?: string): { run: SpawnSyncReturns<string>; calls: { name: string; ordinal: number; line: string }[] } {
  const trace = join(tempDir('balancer-lens-trace-'), 'trace');
  const run = spawnSync(
    'strace',
    [
      '-o',
      trace,
      '-e',
      `trace=${CALLS}`,
      ...(inject ? ['-e', `inject=${inject}`] : []),
      process.execPath,
      CLI,
      'lint',
      '--fix',
      'big.conf',
    ],
    {
      cwd: dir,
      encoding: 'utf8',
      // Without the code cache, whose first write at exit would add its own calls to the ones counted.
      env: { ...process.env, NO_COLOR: '1', BALANCER_LENS_CODE_CACHE: 'off' },
    },
  );
  const seen = new Map<string, number>();
  const calls = readFileSync(trace, 'utf8')
    .split('\n')
    .flatMap((line) => {
      const name = /^(\w+)\(/.exec(line)?.[1];
      if (!name) return [];
      seen.set(name, (seen.get(name) ?? 0) + 1);
      return [{ name, ordinal: seen.get(name)!, line }];
    });
  return { run, calls };
}

/** A folder holding big.conf with 2,000 safe fixes to make. */
function bigFolder(): string {
  const dir = tempDir('balancer-lens-fix-');
  writeFileSync(join(dir, 'big.conf'), OLD);
  return dir;
}

/** The calls that touch the temporary file or replace big.conf, from its creation to the folder's fsync. */
function replacementCalls(calls: ReturnType<typeof traced>['calls']): { name: string; ordinal: number; line: string }[] {
  const open = calls.findIndex(
    (call) => call.name === 'openat' && TEMPORARY.test(/"([^"]*)"/.exec(call.line)?.[1]?.split('/').pop() ?? ''),
  );
  assert.ok(open >= 0, 'no temporary file was created');
  const fd = /= (\d+)$/.exec(calls[open]!.line)?.[1];
  // Killed while creating it: the creation is the only call.
  if (fd === undefined) return [calls[open]!];
  return calls
    .slice(open)
    .filter((call) =>
      call.name === 'openat' ? call === calls[open] : call.name === 'rename' || new RegExp(`^${call.name}\\(${fd}[,)]`).test(call.line),
    );
}

/**
 * Kills a fresh run at the `index`-th replacement call. strace counts every call of a name, and V8
 * opens a few files (/proc/self/maps, overcommit_memory) only when its heap grows, so the clean
 * run's ordinal can be off by one or two in another run: the killed run's own trace says which call
 * was killed, and the run is repeated with the ordinal that trace gives until the kill lands.
 */
function killAt(step: { name: string; ordinal: number }, index: number): { dir: string; run: SpawnSyncReturns<string> } {
  let ordinal = step.ordinal;
  for (let attempt = 0; ; attempt++) {
    const dir = bigFolder();
    const { run, calls } = traced(dir, `${step.name}:signal=SIGKILL:when=${ordinal}`);
    const seen = calls.some((call) => call.name === 'openat' && TEMPORARY.test(/"([^"]*)"/.exec(call.line)?.[1]?.split('/').pop() ?? ''))
      ? replacementCalls(calls)
      : [];
    const killed = calls.at(-1);
    if (seen[index] && seen[index] === killed) return { dir, run };
    assert.ok(attempt < 10, `the kill at ${step.name} #${step.ordinal} never landed on replacement call ${index}`);
    // Landed later: this trace names the intended call's ordinal. Landed earlier: try the next one.
    ordinal = seen[index] ? seen[index].ordinal : ordinal + 1;
  }
}

describe('security: --fix never loses a byte', function () {
  this.timeout(300_000);

  before(function () {
    assert.equal(spawnSync('strace', ['-V']).status, 0, 'strace is needed for fault injection (.ci/run installs it)');
  });

  it('a SIGKILL at the first write to the temporary file, or at any later step, leaves the old file or the new one and nothing but the temporary file', () => {
    const clean = traced(bigFolder());
    assert.equal(clean.run.status, 0, clean.run.stderr);
    const steps = replacementCalls(clean.calls);
    const names = steps.map((step) => step.name);
    // Create, keep the mode, write, flush, rename, flush the folder: nothing is written in place.
    assert.deepEqual(
      names.filter((name, index) => names.indexOf(name) === index),
      ['openat', 'fchmod', 'write', 'fsync', 'rename'],
    );
    const firstWrite = steps.find((step) => step.name === 'write')!;
    const renamed = steps.findIndex((step) => step.name === 'rename');
    for (const [index, step] of steps.entries()) {
      const { dir, run } = killAt(step, index);
      const label = `killed at ${step.line.slice(0, 80)}${step === firstWrite ? ' (the first write)' : ''}`;
      assert.ok(run.signal === 'SIGKILL' || run.status === 137, `${label}: not killed (exit ${run.status})`);
      const text = readFileSync(join(dir, 'big.conf'), 'utf8');
      // strace stops the process on entering the call, so a killed rename has not happened.
      assert.ok(
        text === (index <= renamed ? OLD : NEW),
        `${label}: big.conf is neither the old nor the new file (${text.length} characters)`,
      );
      const others = readdirSync(dir).filter((name) => name !== 'big.conf');
      // Only a kill between creating the temporary file and renaming it can leave it (SIGKILL cannot be caught).
      assert.ok(
        others.length === 0 || (others.length === 1 && TEMPORARY.test(others[0]!) && index > 0 && index <= renamed),
        `${label}: left ${others.join(', ')}`,
      );
    }
  });

  it('a full disk at the first write leaves the file as it was, removes the temporary file, prints the report, and exits 2', () => {
    const probe = replacementCalls(traced(bigFolder()).calls).find((step) => step.name === 'write')!;
    const dir = bigFolder();
    const { run } = traced(dir, `write:error=ENOSPC:when=${probe.ordinal}`);
    assert.equal(run.status, 2, run.stderr);
    assert.match(
      run.stderr,
      /^balancer-lens: big\.conf: could not write the fixes: ENOSPC: no space left on device, write; the file is unchanged\n$/,
    );
    assert.equal(readFileSync(join(dir, 'big.conf'), 'utf8'), OLD);
    assert.deepEqual(readdirSync(dir), ['big.conf']);
    assert.match(run.stdout, /loadfactor "1" keeps its quotes/, 'the report shows the findings of the file as it is');
  });

  it('a read-only folder in a three-file run: the other files are fixed, the report is printed, one line on stderr, exit 2', () => {
    // Root writes anywhere, so as root the CLI runs as nobody (setpriv) beside folders nobody owns.
    const dir = tempDir('balancer-lens-fix-');
    const prefix = isRoot ? ['setpriv', `--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', '--'] : [];
    chmodSync(dir, 0o755);
    for (const name of ['a', 'b', 'c']) {
      mkdirSync(join(dir, name));
      writeFileSync(join(dir, name, `${name}.conf`), balancers(2, true).replaceAll('balancer://b', `balancer://${name}`));
      if (isRoot) {
        chownSync(join(dir, name, `${name}.conf`), NOBODY, NOBODY);
        if (name !== 'b') chownSync(join(dir, name), NOBODY, NOBODY);
      }
    }
    chmodSync(join(dir, 'b'), 0o555);
    try {
      const result = run(
        ['--fix', '--format', 'compact', 'a/a.conf', 'b/b.conf', 'c/c.conf'],
        dir,
        prefix,
        isRoot ? cliAnyoneCanRun() : CLI,
      );
      assert.equal(result.status, 2, result.stderr);
      assert.equal(result.stderr, 'balancer-lens: b/b.conf: could not write the fixes: permission denied; the file is unchanged\n');
      for (const name of ['a', 'c'])
        assert.equal(
          readFileSync(join(dir, name, `${name}.conf`), 'utf8'),
          balancers(2, false).replaceAll('balancer://b', `balancer://${name}`),
        );
      assert.equal(readFileSync(join(dir, 'b/b.conf'), 'utf8'), balancers(2, true).replaceAll('balancer://b', 'balancer://b'));
      assert.deepEqual(
        result.stdout
          .split('\n')
          .filter(Boolean)
          .map((line) => line.replace(/:\d+:\d+: .*\[/, ' [')),
        ['b/b.conf [invalid-loadfactor]', 'b/b.conf [invalid-loadfactor]'],
      );
      for (const name of ['a', 'b', 'c']) assert.deepEqual(readdirSync(join(dir, name)), [`${name}.conf`]);
    } finally {
      chmodSync(join(dir, 'b'), 0o755);
    }
  });

  it('leaves a file its owner made read-only (0444) in a writable folder alone, as the user and as root: one line, exit 2', () => {
    const asNobody = isRoot ? ['setpriv', `--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', '--'] : [];
    for (const prefix of isRoot ? [[], asNobody] : [[]]) {
      const dir = tempDir('balancer-lens-fix-');
      chmodSync(dir, 0o777);
      writeFileSync(join(dir, 'locked.conf'), balancers(1, true));
      writeFileSync(join(dir, 'open.conf'), balancers(1, true).replaceAll('balancer://b', 'balancer://o'));
      if (prefix.length > 0) for (const name of ['locked.conf', 'open.conf']) chownSync(join(dir, name), NOBODY, NOBODY);
      chmodSync(join(dir, 'locked.conf'), 0o444);
      const before = statSync(join(dir, 'locked.conf'));
      const result = run(['--fix', '--format', 'compact', 'locked.conf', 'open.conf'], dir, prefix);
      const who = prefix.length > 0 ? 'as nobody' : 'as the user running the tests';
      assert.equal(result.status, 2, `${who}: ${result.stderr}`);
      assert.equal(
        result.stderr,
        'balancer-lens: locked.conf: could not write the fixes: the file is read-only (mode 0444); the file is unchanged\n',
        who,
      );
      const after = statSync(join(dir, 'locked.conf'));
      assert.equal(readFileSync(join(dir, 'locked.conf'), 'utf8'), balancers(1, true), who);
      assert.deepEqual([after.ino, after.mode & 0o7777], [before.ino, 0o444], who);
      assert.equal(readFileSync(join(dir, 'open.conf'), 'utf8'), balancers(1, false).replaceAll('balancer://b', 'balancer://o'), who);
      assert.deepEqual(readdirSync(dir).sort(), ['locked.conf', 'open.conf'], who);
    }
  });

  it("keeps mode and owner, fixes a symlink's target, and leaves a file with other hard links alone", () => {
    const dir = tempDir('balancer-lens-fix-');
    mkdirSync(join(dir, 'sites-available'));
    mkdirSync(join(dir, 'sites-enabled'));
    writeFileSync(join(dir, 'sites-available/site.conf'), balancers(1, true));
    symlinkSync('../sites-available/site.conf', join(dir, 'sites-enabled/site.conf'));
    writeFileSync(join(dir, 'private.conf'), balancers(1, true), { mode: 0o640 });
    chmodSync(join(dir, 'private.conf'), 0o640);
    if (isRoot) chownSync(join(dir, 'private.conf'), NOBODY, 0);
    writeFileSync(join(dir, 'linked.conf'), balancers(1, true));
    linkSync(join(dir, 'linked.conf'), join(dir, 'other-name.conf'));
    const before = statSync(join(dir, 'private.conf'));

    const result = run(['--fix', 'sites-enabled/site.conf', 'private.conf', 'linked.conf'], dir);
    assert.equal(result.status, 2, result.stderr);
    assert.equal(
      result.stderr,
      'balancer-lens: linked.conf: could not write the fixes: it has 2 hard links, and the others would keep the old text; the file is unchanged\n',
    );
    assert.ok(lstatSync(join(dir, 'sites-enabled/site.conf')).isSymbolicLink(), 'the symlink is still a symlink');
    assert.equal(readFileSync(join(dir, 'sites-available/site.conf'), 'utf8'), balancers(1, false));
    const after = statSync(join(dir, 'private.conf'));
    assert.equal(readFileSync(join(dir, 'private.conf'), 'utf8'), balancers(1, false));
    assert.notEqual(after.ino, before.ino, 'replaced, not rewritten in place');
    assert.deepEqual([after.mode & 0o7777, after.uid, after.gid], [0o640, before.uid, before.gid]);
    assert.equal(readFileSync(join(dir, 'linked.conf'), 'utf8'), balancers(1, true));
  });

  it('keeps a line swallowed by a comment a comment, and leaves out a fix that re-analysis refuses', () => {
    const dir = tempDir('balancer-lens-fix-');
    // Apache accepts this: the BalancerMember with loadfactor=0 is part of the comment. Removing the
    // backslash would put it into effect, and Apache would refuse to start.
    const swallowed =
      '<Proxy "balancer://a">\n    # retired \\\n    BalancerMember "http://10.0.0.9:8080" loadfactor=0\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nProxyPass "/a/" "balancer://a/"\nProxyPassReverse "/a" "balancer://a/"\n';
    writeFileSync(join(dir, 'comment.conf'), swallowed);
    // Removing the byte order mark uncovers "UnDefine X:Y", an error of its own: --fix leaves it to the admin.
    writeFileSync(join(dir, 'bom.conf'), '\uFEFFUnDefine X:Y\n');
    const result = run(['--fix', '--format', 'compact', 'comment.conf', 'bom.conf'], dir);
    assert.equal(result.status, 1, result.stderr);
    assert.equal(
      readFileSync(join(dir, 'comment.conf'), 'utf8'),
      swallowed.replace('# retired \\\n    BalancerMember', '# retired \n    # BalancerMember'),
    );
    assert.equal(readFileSync(join(dir, 'bom.conf'), 'utf8'), '\uFEFFUnDefine X:Y\n');
    assert.equal(result.stderr, 'balancer-lens: bom.conf: 1 safe fix left out: re-analysis found it would introduce an error\n');
    assert.deepEqual(
      result.stdout
        .split('\n')
        .filter(Boolean)
        .map((line) => line.replace(/:\d+:\d+: .*\[/, ' [')),
      ['bom.conf [unknown-directive]'],
    );
  });
});
