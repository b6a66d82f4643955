// `.balancerlens.json` comes with the pull request: it is read only as a regular file of at most
// 1 MB, a symbolic link only into the folders balancer-lens reads, and its errors quote nothing of
// its text beyond a line and column.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { jsonSyntaxError } from '../../server/src/node/json-syntax';
import { spawnCli } from '../support/cli';
import { tempDir } from '../support/temp';
import { fuzzRuns } from '../support/fuzz';

const TOKEN = 'ghp_C0nfigTokenValue987654321';
const FORMATS = ['stylish', 'compact', 'github', 'json', 'sarif'] as const;

describe('security: .balancerlens.json from a pull request', function () {
  this.timeout(60_000);
  let repo: string;
  let outside: string;

  beforeEach(() => {
    const base = tempDir('balancer-lens-config-');
    repo = join(base, 'repo');
    outside = join(base, 'secrets');
    mkdirSync(repo);
    mkdirSync(outside);
    writeFileSync(join(outside, 'token'), `${TOKEN}\n`);
    writeFileSync(join(repo, 'a.conf'), '<Proxy balancer://x>\n    BalancerMember http://10.0.0.1 loadfactor=0\n</Proxy>\n');
  });

  /** `lint a.conf` in the repository: exit 2, one line on stderr naming the file, nothing on stdout, and never the token. */
  function refused(args: readonly string[] = [], format = 'stylish'): string {
    const run = spawnCli(['lint', 'a.conf', '--format', format, ...args], { cwd: repo });
    assert.equal(run.status, 2, run.stderr);
    assert.equal(run.stdout, '');
    assert.ok(!run.stderr.includes(TOKEN) && !run.stderr.includes('ghp_'), run.stderr);
    assert.equal(run.stderr.trimEnd().split('\n').length, 1, run.stderr);
    return run.stderr;
  }

  for (const format of FORMATS) {
    it(`does not follow a symbolic link to a token file outside (--format ${format})`, () => {
      symlinkSync(join(outside, 'token'), join(repo, '.balancerlens.json'));
      assert.match(
        refused([], format),
        /^balancer-lens: \.balancerlens\.json: a symbolic link to a file outside the folders balancer-lens reads/,
      );
    });
  }

  it('does not follow a link outside that leads nowhere either, with the same message', () => {
    symlinkSync(join(outside, 'token'), join(repo, '.balancerlens.json'));
    const existing = refused();
    mkdirSync(join(repo, 'sub'));
    writeFileSync(join(repo, 'sub/a.conf'), 'Listen 80\n');
    symlinkSync(join(outside, 'missing'), join(repo, 'sub/.balancerlens.json'));
    const run = spawnCli(['lint', 'a.conf'], { cwd: join(repo, 'sub') });
    assert.equal(run.stderr, existing);
  });

  it('follows a symbolic link that stays inside', () => {
    mkdirSync(join(repo, 'config'));
    writeFileSync(join(repo, 'config/lens.json'), '{"rules": {"zero-loadfactor": "off"}}');
    symlinkSync('config/lens.json', join(repo, '.balancerlens.json'));
    const run = spawnCli(['lint', 'a.conf'], { cwd: repo });
    assert.equal(run.status, 0, run.stderr);
  });

  it('quotes nothing of invalid JSON, only where it goes wrong', () => {
    writeFileSync(join(repo, '.balancerlens.json'), `{\n  "rules": {},\n  ${TOKEN}\n}\n`);
    assert.equal(refused(), 'balancer-lens: .balancerlens.json: not valid JSON: expected a string key at line 3, column 3\n');
    writeFileSync(join(repo, '.balancerlens.json'), TOKEN);
    assert.equal(refused(), 'balancer-lens: .balancerlens.json: not valid JSON: expected a value at line 1, column 1\n');
  });

  it('finds the first error exactly where JSON.parse fails, and only then', () => {
    const broken = fc.oneof(
      fc.json(),
      fc.string(),
      fc.json().chain((text) => fc.nat(text.length).map((at) => text.slice(0, at) + text.slice(at + 1))),
    );
    fc.assert(
      fc.property(broken, (text) => {
        let isValid = true;
        try {
          JSON.parse(text);
        } catch {
          isValid = false;
        }
        return isValid === (jsonSyntaxError(text) === undefined);
      }),
      fuzzRuns(2000),
    );
    assert.equal(jsonSyntaxError('['.repeat(200_000))?.expected, 'a value', 'nesting does not overflow the stack');
  });

  it('refuses a file over 1 MB', () => {
    writeFileSync(join(repo, '.balancerlens.json'), `{"rules": {}}${' '.repeat(1024 * 1024)}`);
    assert.match(refused(), /^balancer-lens: cannot read \.balancerlens\.json: more than the 1 MB a configuration file may have$/m);
  });

  it('refuses a FIFO without waiting for a writer, and a device', () => {
    execFileSync('mkfifo', [join(repo, '.balancerlens.json')]);
    assert.match(refused(), /cannot read \.balancerlens\.json: not a regular file$/m);
    const device = join(repo, 'zero.json');
    symlinkSync('/dev/zero', device);
    assert.match(refused(['--config', 'zero.json']), /cannot read zero\.json: not a regular file$/m);
  });

  it('refuses an endless file that says it is empty (procfs), named with --config', () => {
    const run = spawnCli(['lint', 'a.conf', '--config', '/proc/self/pagemap'], { cwd: repo });
    assert.equal(run.status, 2, run.stderr);
    assert.match(run.stderr, /^balancer-lens: cannot read \S*pagemap: /);
  });
});
