// First contact with the CLI (issue 13, items 4 and 6): help, usage errors in our words, the flags
// people expect, and includes that cannot be read reported as findings rather than a failed run.
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyze } from '../../server/src/core/analysis';
import { RULES } from '../../server/src/core/rules';
import type { FileAccess } from '../../server/src/core/syntax/includes';
import { runCli } from '../cli';
import { tempDir } from './temp';

const ROOT = join(__dirname, '../..');
const TREE = join(ROOT, 'test/fixtures/tree');
const CERTBOT = 'Include /etc/letsencrypt/options-ssl-apache.conf';

interface JsonFile {
  readonly filePath: string;
  readonly messages: readonly { readonly ruleId: string; readonly severity: number; readonly message: string; readonly line: number }[];
}

/** A copy of the fixture tree, with `extra` appended to sites-enabled/shop.conf. */
function treeWith(extra: string): string {
  const dir = join(tempDir('balancer-lens-manners-'), 'apache2');
  cpSync(TREE, dir, { recursive: true });
  writeFileSync(join(dir, 'sites-enabled/shop.conf'), `${extra}\n`, { flag: 'a' });
  return dir;
}

describe('CLI manners: includes outside the include roots', () => {
  it('a Debian tree with a certbot include exits 0 with an include-outside-roots info', () => {
    const dir = treeWith(CERTBOT);
    const run = runCli(['lint', join(dir, 'apache2.conf'), '--env-file', join(dir, 'envvars'), '--format', 'json']);
    assert.equal(run.status, 0, run.stderr);
    const outside = (JSON.parse(run.stdout) as JsonFile[]).flatMap((file) => file.messages.filter((message) => message.ruleId === 'include-outside-roots'));
    assert.equal(outside.length, 1, run.stdout);
    assert.equal(outside[0]!.severity, 1);
    assert.match(outside[0]!.message, /^the include "\/etc\/letsencrypt\/options-ssl-apache\.conf" reaches outside the folders balancer-lens reads/);
    assert.doesNotMatch(run.stderr, /not read in full/);
  });

  it('counts for the exit code through its severity, set in .balancerlens.json', () => {
    const dir = treeWith(CERTBOT);
    writeFileSync(join(dir, '.balancerlens.json'), '{ "rules": { "include-outside-roots": "error" } }');
    const run = runCli(['lint', join(dir, 'apache2.conf'), '--env-file', join(dir, 'envvars'), '--format', 'compact']);
    assert.equal(run.status, 1, run.stderr);
    assert.match(run.stdout, /error: the include "\/etc\/letsencrypt\/options-ssl-apache\.conf" reaches outside .*\[include-outside-roots\]/);
  });

  it('keeps a limit cut short at exit 2 (include-over-limit)', () => {
    const dir = treeWith('');
    const run = runCli(['lint', join(dir, 'apache2.conf'), '--env-file', join(dir, 'envvars'), '--max-includes', '1', '--format', 'compact']);
    assert.equal(run.status, 2, run.stderr);
    assert.match(run.stdout, /\[include-over-limit\]/);
  });

  it('schedule says it on stderr and does not fail', () => {
    const dir = tempDir('balancer-lens-manners-');
    writeFileSync(join(dir, 'app.conf'), `${CERTBOT}\n<Proxy balancer://app>\n  BalancerMember http://a:1\n</Proxy>\nProxyPass / balancer://app/\n`);
    const run = runCli(['schedule', 'app.conf'], { cwd: dir });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stderr, /^balancer-lens: note: app\.conf:1:1: the include "\/etc\/letsencrypt\/options-ssl-apache\.conf" reaches outside/);
  });

  it('flags its documented bad example and not its good one', () => {
    const rule = RULES.find((candidate) => candidate.id === 'include-outside-roots')!;
    assert.equal(rule.severity, 'info');
    const roots = ['/etc/apache2'];
    const inside = (path: string): boolean => path.startsWith('/etc/apache2/');
    const access: FileAccess = {
      readFile: (path) => (inside(path) ? '' : { roots }),
      readDirectory: (path) => (path === '/etc/apache2/sites-enabled' ? ['shop.conf'] : inside(path) ? [] : { roots }),
    };
    const count = (text: string): number => {
      const analysis = analyze(text, { path: '/etc/apache2/apache2.conf', files: access, epochSeconds: 1 });
      return [...rule.check({ analysis, run: [analysis] })].length;
    };
    assert.equal(count(rule.docs.bad), 1);
    assert.equal(count(rule.docs.good), 0);
  });
});

describe('CLI manners: the Debian layout', () => {
  /** The fixture tree with its site moved to sites-available/ and linked from sites-enabled/, as a2ensite does. */
  function debianTree(): string {
    const dir = treeWith('');
    mkdirSync(join(dir, 'sites-available'));
    renameSync(join(dir, 'sites-enabled/shop.conf'), join(dir, 'sites-available/shop.conf'));
    symlinkSync('../sites-available/shop.conf', join(dir, 'sites-enabled/shop.conf'));
    return dir;
  }
  const undefinedVariables = (stdout: string): number => (JSON.parse(stdout) as JsonFile[]).flatMap((file) => file.messages).filter((message) => message.ruleId === 'undefined-variable').length;

  for (const given of ['apache2.conf', '.']) {
    it(`lint ${given} reads envvars beside apache2.conf, as apache2ctl does, and says so`, () => {
      const dir = debianTree();
      const run = runCli(['lint', given, '--format', 'json'], { cwd: dir });
      assert.equal(run.status, 0, run.stderr);
      assert.equal(undefinedVariables(run.stdout), 0, run.stdout);
      assert.equal(run.stderr, 'balancer-lens: note: ${NAME} from envvars beside apache2.conf, as apache2ctl reads it (--env-file FILE reads another)\n');
    });
  }

  it('an explicit --env-file wins over envvars', () => {
    const dir = debianTree();
    writeFileSync(join(dir, 'other.env'), 'OTHER=1\n');
    const run = runCli(['lint', 'apache2.conf', '--env-file', 'other.env', '--format', 'json'], { cwd: dir });
    assert.equal(run.stderr, '');
    assert.ok(undefinedVariables(run.stdout) > 0, run.stdout);
  });

  it('lint sites-enabled explains in one line that its links lead into sites-available', () => {
    const dir = debianTree();
    const run = runCli(['lint', 'sites-enabled'], { cwd: dir });
    assert.equal(run.status, 2);
    assert.match(run.stderr, /^balancer-lens: sites-enabled holds links into sites-available: lint the tree root \(\.\) instead, which reads both$/m);
  });
});
