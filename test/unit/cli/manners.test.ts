// First contact with the CLI (issue 13, items 4 and 6): help, usage errors in our words, the flags
// people expect, and includes that cannot be read reported as findings rather than a failed run.
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyze } from '../../../server/src/core/analysis';
import { RULES } from '../../../server/src/core/rules';
import { RULE_EXAMPLES } from '../../../server/src/core/rules/examples';
import type { FileAccess } from '../../../server/src/core/syntax/includes';
import { run } from '../../../server/src/cli/run';
import { runCli } from '../../support/cli';
import { tempDir } from '../../support/temp';

const ROOT = join(__dirname, '../../..');
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
    const outside = (JSON.parse(run.stdout) as JsonFile[]).flatMap((file) =>
      file.messages.filter((message) => message.ruleId === 'include-outside-roots'),
    );
    assert.equal(outside.length, 1, run.stdout);
    assert.equal(outside[0]!.severity, 1);
    assert.match(outside[0]!.message, /^"\/etc\/letsencrypt\/options-ssl-apache\.conf" is outside the include roots, so it is not read/);
    assert.doesNotMatch(run.stderr, /not read in full/);
  });

  it('counts for the exit code through its severity, set in .balancerlens.json', () => {
    const dir = treeWith(CERTBOT);
    writeFileSync(join(dir, '.balancerlens.json'), '{ "rules": { "include-outside-roots": "error" } }');
    const run = runCli(['lint', join(dir, 'apache2.conf'), '--env-file', join(dir, 'envvars'), '--format', 'compact']);
    assert.equal(run.status, 1, run.stderr);
    assert.match(
      run.stdout,
      /error: "\/etc\/letsencrypt\/options-ssl-apache\.conf" is outside the include roots.*\[include-outside-roots\]/,
    );
  });

  it('keeps a limit cut short at exit 2 (include-over-limit)', () => {
    const dir = treeWith('');
    const run = runCli([
      'lint',
      join(dir, 'apache2.conf'),
      '--env-file',
      join(dir, 'envvars'),
      '--max-includes',
      '1',
      '--format',
      'compact',
    ]);
    assert.equal(run.status, 2, run.stderr);
    assert.match(run.stdout, /\[include-over-limit\]/);
  });

  it('schedule says it on stderr and does not fail', () => {
    const dir = tempDir('balancer-lens-manners-');
    writeFileSync(
      join(dir, 'app.conf'),
      `${CERTBOT}\n<Proxy balancer://app>\n  BalancerMember http://a:1\n</Proxy>\nProxyPass / balancer://app/\n`,
    );
    const run = runCli(['schedule', 'app.conf'], { cwd: dir });
    assert.equal(run.status, 0, run.stderr);
    assert.match(
      run.stderr,
      /^balancer-lens: note: app\.conf:1:1: "\/etc\/letsencrypt\/options-ssl-apache\.conf" is outside the include roots/,
    );
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
    assert.equal(count(RULE_EXAMPLES[rule.id].bad), 1);
    assert.equal(count(RULE_EXAMPLES[rule.id].good), 0);
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
  const undefinedVariables = (stdout: string): number =>
    (JSON.parse(stdout) as JsonFile[]).flatMap((file) => file.messages).filter((message) => message.ruleId === 'undefined-variable').length;

  for (const given of ['apache2.conf', '.', '']) {
    it(`lint ${given || '(no path)'} reads envvars beside apache2.conf, as apache2ctl does, and says so`, () => {
      const dir = debianTree();
      const run = runCli(['lint', ...(given ? [given] : []), '--format', 'json'], { cwd: dir });
      assert.equal(run.status, 0, run.stderr);
      assert.equal(undefinedVariables(run.stdout), 0, run.stdout);
      assert.equal(
        run.stderr,
        'balancer-lens: note: ${NAME} from envvars beside apache2.conf, as apache2ctl reads it (--env-file FILE reads another)\n',
      );
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
    assert.match(
      run.stderr,
      /^balancer-lens: sites-enabled holds links into sites-available: lint the tree root \(\.\) instead, which reads both$/m,
    );
  });
});

describe('CLI manners: help and usage errors', () => {
  it('with no arguments, the usage goes to stderr with exit 2', () => {
    const run = runCli([]);
    assert.equal(run.status, 2);
    assert.equal(run.stdout, '');
    assert.match(run.stderr, /^usage: balancer-lens <command>/);
  });

  for (const args of [
    ['schedule', '--help'],
    ['schedule', '-h'],
    ['help', 'schedule'],
  ]) {
    it(`${args.join(' ')} prints the schedule help`, () => {
      const run = runCli(args);
      assert.equal(run.status, 0, run.stderr);
      assert.match(run.stdout, /^usage: balancer-lens schedule \[PATH\|DIR\|GLOB\]\.\.\. \[options\]/);
      assert.match(run.stdout, /--down URL/);
    });
  }

  for (const args of [
    ['diff', '--help'],
    ['diff', '-h'],
    ['help', 'diff'],
  ]) {
    it(`${args.join(' ')} prints the diff help`, () => {
      const run = runCli(args);
      assert.equal(run.status, 0, run.stderr);
      assert.match(run.stdout, /^usage: balancer-lens diff OLD NEW \[options\]/);
      assert.match(run.stdout, /--base REV/);
    });
  }

  it("help lint, help lsp and lsp --help print those commands' help", () => {
    assert.match(runCli(['help', 'lint']).stdout, /^usage: balancer-lens lint /);
    assert.match(runCli(['help', 'lsp']).stdout, /^usage: balancer-lens lsp --stdio/);
    assert.match(runCli(['lsp', '--help']).stdout, /^usage: balancer-lens lsp --stdio/);
  });

  const usageErrors: [string[], string][] = [
    [['lnt'], "balancer-lens: unknown command 'lnt': did you mean lint? (balancer-lens --help lists the commands)\n"],
    [
      ['help', 'shedule'],
      "balancer-lens: no command 'shedule': did you mean schedule? (the commands are lint, schedule, diff, trace, status, lsp, help)\n",
    ],
    [['--verison'], "balancer-lens: unknown option '--verison': did you mean --version? (balancer-lens --help lists the commands)\n"],
    [
      ['lint', '--formt', 'json'],
      'balancer-lens: unknown option --formt: did you mean --format? (balancer-lens lint --help lists the options)\n',
    ],
    [
      ['schedule', 'examples/shop.conf', '--pics', '3'],
      'balancer-lens: unknown option --pics: did you mean --picks? (balancer-lens schedule --help lists the options)\n',
    ],
    [['lint', '--fix=yes'], 'balancer-lens: --fix takes no value (balancer-lens lint --help lists the options)\n'],
    [['lint', '-f'], 'balancer-lens: --format needs a value (balancer-lens lint --help lists the options)\n'],
    [['schedule', 'examples/shop.conf', '--picks', '-1'], "balancer-lens: --picks takes a whole number from 0 to 1000000, not '-1'\n"],
    [['schedule', 'examples/shop.conf', '--picks', '1.5'], "balancer-lens: --picks takes a whole number from 0 to 1000000, not '1.5'\n"],
  ];
  for (const [args, stderr] of usageErrors) {
    it(`${args.join(' ')}: one line in our words on stderr, exit 2`, () => {
      const run = runCli(args);
      assert.equal(run.status, 2);
      assert.equal(run.stdout, '');
      assert.equal(run.stderr, stderr);
    });
  }
});

describe('CLI manners: schedule', () => {
  const SITE = '<Proxy balancer://app>\n  BalancerMember http://a:1\n  BalancerMember http://b:1\n</Proxy>\nProxyPass / balancer://app/\n';

  it('schedule - reads standard input', () => {
    const run = runCli(['schedule', '-', '--picks', '4'], { stdin: SITE });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^balancer:\/\/app {2}-:1 {2}byrequests/);
    assert.match(run.stdout, /picks {2}a b a b$/m);
  });

  it('--down rejects a URL that names no member, suggesting the one meant', () => {
    const run = runCli(['schedule', '-', '--down', 'http://a:2'], { stdin: SITE });
    assert.equal(run.status, 2);
    assert.equal(
      run.stderr,
      'balancer-lens: --down http://a:2 names no member of balancer://app: did you mean http://a:1? (members: http://a:1, http://b:1)\n',
    );
  });

  it('--down labels the member "taken down (--down)", and status D stays "disabled"', () => {
    const run = runCli(['schedule', '-', '--down', 'http://a:1'], {
      stdin: SITE.replace('http://b:1', 'http://b:1 status=+D\n  BalancerMember http://c:1'),
    });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^ {2}a {2}http:\/\/a:1 {4}0\.0% {2}taken down \(--down\)$/m);
    assert.match(run.stdout, /^ {2}b {2}http:\/\/b:1 {4}0\.0% {2}disabled \(status D\)$/m);
  });

  it("--drain and --up: the panel's other what-ifs, labelled as --down is", () => {
    const run = runCli(['schedule', '-', '--drain', 'http://a:1', '--up', 'http://c:1'], {
      stdin: SITE.replace('http://b:1', 'http://b:1\n  BalancerMember http://c:1 status=+D'),
    });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^ {2}a {2}http:\/\/a:1 {4}0\.0% {2}drained \(--drain\)$/m);
    assert.match(run.stdout, /^ {2}c {2}http:\/\/c:1 {3}50\.0% /m);
    const typo = runCli(['schedule', '-', '--up', 'http://c:2'], { stdin: SITE });
    assert.equal(typo.status, 2);
    assert.match(typo.stderr, /^balancer-lens: --up http:\/\/c:2 names no member of balancer:\/\/app/);
  });
});

describe('CLI manners: colour', () => {
  /** Whether `schedule -` colours its output, run on a terminal with `env` as the whole environment. */
  function coloured(env: Record<string, string>, flags: string[] = []): boolean {
    let stdout = '';
    const input = Buffer.from('<Proxy balancer://app>\n  BalancerMember http://a:1\n</Proxy>\n');
    let read = 0;
    const status = run(
      {
        cwd: ROOT,
        env,
        stdout: { write: (text) => void (stdout += text), isTTY: true },
        stderr: { write: () => undefined, isTTY: true },
        readStdin: (chunk) => {
          const copied = input.copy(chunk, 0, read);
          read += copied;
          return copied;
        },
        now: () => 0,
      },
      ['schedule', '-', ...flags],
    );
    assert.equal(status, 0);
    return stdout.includes('\u001b[');
  }

  it('an empty NO_COLOR does not turn colour off; a non-empty one does', () => {
    assert.equal(coloured({ NO_COLOR: '' }), true);
    assert.equal(coloured({ NO_COLOR: '1' }), false);
  });

  it('--color, --no-color and FORCE_COLOR', () => {
    assert.equal(coloured({ NO_COLOR: '1' }, ['--color']), true);
    assert.equal(coloured({}, ['--no-color']), false);
    assert.equal(coloured({ NO_COLOR: '1', FORCE_COLOR: '1' }), true);
    assert.equal(coloured({ FORCE_COLOR: '0' }), false);
    assert.match(runCli(['lint', '-', '--color'], { stdin: 'BalancerMember http://a:1 loadfactor=0\n' }).stdout, /\u001b\[/);
  });
});

describe('CLI manners: lint flags', () => {
  const BAD =
    '<Proxy balancer://app>\n  BalancerMember http://a:1 loadfactor=0\n  BalancerMember http://b:1 route=x\n  BalancerMember http://c:1 route=x\n</Proxy>\nProxyPass / balancer://app/\n';

  it('--quiet reports errors only, and the exit code still counts every finding', () => {
    const all = runCli(['lint', '-', '--format', 'compact'], { stdin: BAD });
    assert.match(all.stdout, /warning: .*\[duplicate-route\]/);
    const quiet = runCli(['lint', '-', '--format', 'compact', '--quiet'], { stdin: BAD });
    assert.equal(quiet.status, 1);
    assert.doesNotMatch(quiet.stdout, /warning/);
    assert.match(quiet.stdout, /error: .*\[zero-loadfactor\]/);
    assert.equal(runCli(['lint', '-', '-q', '--max-warnings', '0'], { stdin: BAD.replace('loadfactor=0', '') }).status, 1);
  });

  it('-o/--output-file writes the report to a file instead of stdout', () => {
    const dir = tempDir('balancer-lens-manners-');
    for (const flag of ['-o', '--output-file']) {
      const run = runCli(['lint', '-', '--format', 'json', flag, 'report.json'], { cwd: dir, stdin: BAD });
      assert.equal(run.status, 1);
      assert.equal(run.stdout, '');
      assert.ok((JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as JsonFile[])[0]!.messages.length > 0);
    }
    const unwritable = runCli(['lint', '-', '-o', 'no-such-folder/report.json'], { cwd: dir, stdin: BAD });
    assert.equal(unwritable.status, 2);
    assert.match(unwritable.stderr, /^balancer-lens: cannot write the report to no-such-folder\/report\.json: no such file\n$/);
  });

  it('--list-rules lists every rule: id, default severity, summary', () => {
    const run = runCli(['lint', '--list-rules']);
    assert.equal(run.status, 0);
    const lines = run.stdout.trimEnd().split('\n');
    assert.equal(lines.length, RULES.length);
    assert.match(run.stdout, /^include-outside-roots +info +an `Include` of a file/m);
    assert.match(run.stdout, /^zero-loadfactor +error +a member with loadfactor 0/m);
  });

  it('--print-config FILE prints the effective severities and settings as JSON; "warn" means warning', () => {
    const dir = tempDir('balancer-lens-manners-');
    writeFileSync(
      join(dir, '.balancerlens.json'),
      '{ "rules": { "duplicate-route": "warn", "unused-balancer": "off" }, "include": ["**/*.cfg"] }',
    );
    writeFileSync(join(dir, 'app.cfg'), BAD);
    const run = runCli(['lint', '--print-config', 'app.cfg', '--max-includes', '7'], { cwd: dir });
    assert.equal(run.status, 0, run.stderr);
    const printed = JSON.parse(run.stdout) as {
      configFile: string;
      rules: Record<string, string>;
      include: string[];
      limits: { maxIncludes: number };
    };
    assert.equal(printed.configFile, join(dir, '.balancerlens.json'));
    assert.equal(printed.rules['duplicate-route'], 'warning');
    assert.equal(printed.rules['unused-balancer'], 'off');
    assert.equal(printed.rules['zero-loadfactor'], 'error');
    assert.equal(Object.keys(printed.rules).length, RULES.length);
    assert.deepEqual(printed.include, ['**/*.cfg']);
    assert.equal(printed.limits.maxIncludes, 7);
    // And lint reads "warn" as a warning.
    assert.match(runCli(['lint', 'app.cfg', '--format', 'compact'], { cwd: dir }).stdout, /warning: .*\[duplicate-route\]/);
  });
});
