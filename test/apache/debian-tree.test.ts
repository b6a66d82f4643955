// Whole configurations against real Apache: Debian's stock /etc/apache2, copied to a scratch folder
// with the proxy modules enabled (a2enmod's links), Listen on a free loopback port, the APACHE_*
// variables pointing at scratch folders (an env file modelled on Debian's envvars for us, the
// process environment for apache2), and balancer sites added. `apache2 -d DIR -f DIR/apache2.conf
// -t` and `balancer-lens lint DIR/apache2.conf --env-file ENVFILE` must agree on the clean tree and
// on broken variants: whether Apache refuses, in which file and on which line.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { appendFile, mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import {
  ConfigTestResult,
  DEBIAN_CONF_DIR,
  assertApacheInstalled,
  copyDebianTree,
  enableModules,
  freePort,
  innermostSyntaxError,
  makeScratchDir,
  mapConcurrently,
  removeScratchDir,
  runAsUser,
  runConfigTest,
} from './harness';
import { Run as CliRun, spawnCliAsync } from '../support/cli';

/** The modules the tree enables, as `a2enmod proxy_balancer proxy_http lbmethod_byrequests` would. */
const PROXY_MODULES = ['proxy', 'proxy_http', 'proxy_balancer', 'slotmem_shm', 'lbmethod_byrequests'];
/** How many variants are checked at once (each runs apache2 -t and three CLI commands). */
const CONCURRENCY = 4;

const lines = (...text: string[]): string => `${text.join('\n')}\n`;

// The balancer configuration added to the stock tree. balancer://shop is defined in conf-enabled/,
// with an address and a weight from a Define in another file, and used by a site in sites-enabled/
// (a link to sites-available/, as a2ensite makes); balancer://api gets its members from a file
// included inside its <Proxy> section.
const BACKENDS = lines(
  '# Backend addresses and weights, used by balancers.conf',
  'Define SHOP_A http://127.0.0.1:9001',
  'Define SHOP_LF 5',
);
const SHOP_PROXY = [
  '<Proxy "balancer://shop">',
  '    BalancerMember "${SHOP_A}" loadfactor=${SHOP_LF} route=a',
  '    BalancerMember http://127.0.0.1:9002 loadfactor=3 route=b',
  '    BalancerMember http://127.0.0.1:9003 loadfactor=1.15 route=c',
  '    BalancerMember http://127.0.0.1:9004 status=+H route=d',
  '    ProxySet stickysession=JSESSIONID|jsessionid',
  '</Proxy>',
];
const API_MEMBERS = [
  'BalancerMember http://127.0.0.1:9101 lbset=1',
  'BalancerMember http://127.0.0.1:9102 loadfactor=2',
  'BalancerMember http://127.0.0.1:9103',
];
const BALANCERS = lines(
  '# Balancers shared by every site',
  ...SHOP_PROXY,
  '<Proxy "balancer://api">',
  '    Include balancers/api-members.conf',
  '</Proxy>',
);
const SHOP_SITE = lines(
  '<VirtualHost *:80>',
  '    ServerName shop.example',
  '    ProxyPass "/api/" "balancer://api/"',
  '    ProxyPass "/" "balancer://shop/"',
  '    ProxyPassReverse "/" "balancer://shop/"',
  '    ProxyPassReverse "/api" "balancer://api/"',
  '</VirtualHost>',
);
/** The same balancers and site in one file, for the schedule comparison. */
const SINGLE_FILE = lines(
  BACKENDS.trimEnd(),
  ...SHOP_PROXY,
  '<Proxy "balancer://api">',
  ...API_MEMBERS.map((member) => `    ${member}`),
  '</Proxy>',
  SHOP_SITE.trimEnd(),
);

/** The files the tree gets besides Debian's (relative to the configuration folder). */
const ADDED_FILES: Record<string, string> = {
  'conf-enabled/00-backends.conf': BACKENDS,
  'conf-enabled/balancers.conf': BALANCERS,
  'balancers/api-members.conf': lines(...API_MEMBERS),
  'sites-available/shop.conf': SHOP_SITE,
};

/** One copy of the tree under edit: paths are relative to its configuration folder. */
interface Tree {
  readonly confDir: string;
  write(path: string, text: string): Promise<void>;
  append(path: string, text: string): Promise<void>;
  /** Replaces text that must be there exactly once. */
  replace(path: string, from: string, to: string): Promise<void>;
  mkdir(path: string): Promise<void>;
}

function treeAt(confDir: string): Tree {
  const at = (path: string): string => join(confDir, path);
  return {
    confDir,
    async write(path, text) {
      await mkdir(dirname(at(path)), { recursive: true });
      await writeFile(at(path), text);
    },
    append: (path, text) => appendFile(at(path), text),
    async replace(path, from, to) {
      const text = await readFile(at(path), 'utf8');
      assert.equal(text.split(from).length, 2, `${path} should hold ${JSON.stringify(from)} once`);
      await writeFile(at(path), text.replace(from, to));
    },
    mkdir: async (path) => void (await mkdir(at(path), { recursive: true })),
  };
}

type Verdict = 'refused' | 'accepted';

/** A change to the clean tree, and what Apache must say about it. */
interface Variant {
  readonly title: string;
  readonly verdict: Verdict;
  /** The file Apache names (innermost), relative to the configuration folder, as Apache opened it. */
  readonly file?: string;
  readonly edit: (tree: Tree) => Promise<void>;
}

const refused = (title: string, file: string, edit: Variant['edit']): Variant => ({ title, verdict: 'refused', file, edit });
const accepted = (title: string, edit: Variant['edit']): Variant => ({ title, verdict: 'accepted', edit });

const CLEAN: Variant = accepted('the clean tree', async () => undefined);

const variants: readonly Variant[] = [
  CLEAN,
  refused('loadfactor=0 in conf-enabled/', 'conf-enabled/balancers.conf', (tree) =>
    tree.replace('conf-enabled/balancers.conf', 'loadfactor=3', 'loadfactor=0'),
  ),
  refused('a misspelled directive in a site', 'sites-enabled/shop.conf', (tree) =>
    tree.replace('sites-available/shop.conf', '    ProxyPassReverse "/"', '    ProxyPassRevers "/"'),
  ),
  refused('an unclosed <Proxy> in an included file', 'conf-enabled/balancers.conf', (tree) =>
    tree.replace(
      'conf-enabled/balancers.conf',
      '    ProxySet stickysession=JSESSIONID|jsessionid\n</Proxy>\n',
      '    ProxySet stickysession=JSESSIONID|jsessionid\n',
    ),
  ),
  refused('an Include of a missing file in a site', 'sites-enabled/shop.conf', (tree) =>
    tree.replace(
      'sites-available/shop.conf',
      '    ServerName shop.example\n',
      '    ServerName shop.example\n    Include shop-extra.conf\n',
    ),
  ),
  refused('a wildcard Include that matches nothing', 'conf-enabled/balancers.conf', async (tree) => {
    await tree.mkdir('balancers.d');
    await tree.append('conf-enabled/balancers.conf', 'Include balancers.d/*.conf\n');
  }),
  refused('a wildcard directory without the file the Include names', 'conf-enabled/balancers.conf', async (tree) => {
    await tree.write('tuning/a/timeouts.conf', 'ProxyTimeout 30\n');
    await tree.mkdir('tuning/b');
    await tree.append('conf-enabled/balancers.conf', 'Include tuning/*/timeouts.conf\n');
  }),
  refused('ProxySet in a file read before the balancer is defined', 'conf-enabled/00-tuning.conf', (tree) =>
    tree.write('conf-enabled/00-tuning.conf', 'ProxySet balancer://shop lbmethod=byrequests\n'),
  ),
  refused('a Define from another file that makes a loadfactor 0', 'conf-enabled/balancers.conf', (tree) =>
    tree.replace('conf-enabled/00-backends.conf', 'Define SHOP_LF 5', 'Define SHOP_LF 0'),
  ),
  refused('lbmethod=roundrobin in a virtual host', 'sites-enabled/shop.conf', (tree) =>
    tree.replace('sites-available/shop.conf', '</VirtualHost>', '    ProxySet "balancer://shop" lbmethod=roundrobin\n</VirtualHost>'),
  ),
  refused('lbmethod=bybusyness without a2enmod lbmethod_bybusyness', 'conf-enabled/zz-tuning.conf', (tree) =>
    tree.write('conf-enabled/zz-tuning.conf', 'ProxySet balancer://shop lbmethod=bybusyness\n'),
  ),
  refused('a BalancerMember outside <Proxy> in an included file', 'conf-enabled/stray.conf', (tree) =>
    tree.write('conf-enabled/stray.conf', '# forgot the balancer name\nBalancerMember http://127.0.0.1:9009\n'),
  ),
  refused('a bad member in a file included inside <Proxy>', 'balancers/api-members.conf', (tree) =>
    tree.append('balancers/api-members.conf', 'BalancerMember http://127.0.0.1:9104 status=+Q\n'),
  ),
  refused('an Include cycle', 'conf-enabled/loop.conf', (tree) => tree.write('conf-enabled/loop.conf', 'Include conf-enabled/loop.conf\n')),
  refused('a </Proxy> in another file than its <Proxy>', 'balancers/close.conf', async (tree) => {
    await tree.replace(
      'conf-enabled/balancers.conf',
      '    ProxySet stickysession=JSESSIONID|jsessionid\n</Proxy>\n',
      '    ProxySet stickysession=JSESSIONID|jsessionid\n    Include balancers/close.conf\n',
    );
    await tree.write('balancers/close.conf', '</Proxy>\n');
  }),
  refused('IncludeOptional with two paths', 'sites-enabled/shop.conf', (tree) =>
    tree.replace('sites-available/shop.conf', '</VirtualHost>', '    IncludeOptional shop-a.conf shop-b.conf\n</VirtualHost>'),
  ),
  // A variable defined only in a file read later is unresolved where it is used; the tree's envvars is all of Apache's
  // environment, so the literal is refused for certain (docs/apache-semantics.md, ap_resolve_env).
  refused('a Define read after the line that uses it', 'conf-enabled/balancers.conf', async (tree) => {
    await tree.replace('conf-enabled/balancers.conf', 'loadfactor=3', 'loadfactor=${SHOP_B_LF}');
    await tree.write('sites-available/shop.conf', `Define SHOP_B_LF 3\n${SHOP_SITE}`);
  }),
  accepted('IncludeOptional of a missing file and a missing folder', (tree) =>
    tree.replace(
      'sites-available/shop.conf',
      '</VirtualHost>',
      '    IncludeOptional shop-extra.conf\n    IncludeOptional shop.d/*.conf\n</VirtualHost>',
    ),
  ),
  accepted('lbmethod=bybusyness after a2enmod lbmethod_bybusyness', async (tree) => {
    await enableModules(tree.confDir, ['lbmethod_bybusyness']);
    await tree.write('conf-enabled/zz-tuning.conf', 'ProxySet balancer://shop lbmethod=bybusyness\n');
  }),
  accepted('<IfModule> answered by the modules in mods-enabled/', (tree) =>
    tree.append(
      'conf-enabled/balancers.conf',
      lines(
        '<IfModule !proxy_balancer_module>',
        '    NoSuchDirective here',
        '</IfModule>',
        '<IfModule lbmethod_bytraffic_module>',
        '    ProxySet balancer://shop lbmethod=bytraffic',
        '</IfModule>',
      ),
    ),
  ),
  accepted('a balancer defined only in a site, used by the main server', async (tree) => {
    await tree.write('conf-enabled/zz-routes.conf', 'ProxyPass "/late/" "balancer://late/"\n');
    await tree.append(
      'sites-available/shop.conf',
      lines('<Proxy "balancer://late">', '    BalancerMember http://127.0.0.1:9201', '</Proxy>'),
    );
  }),
];

/** The APACHE_* variables of one copy, each pointing into its scratch folder. */
type ApacheVariables = Record<
  'APACHE_RUN_USER' | 'APACHE_RUN_GROUP' | 'APACHE_PID_FILE' | 'APACHE_RUN_DIR' | 'APACHE_LOCK_DIR' | 'APACHE_LOG_DIR',
  string
>;

/** Debian's envvars with its `export APACHE_…=` values replaced (the rest, shell and all, kept). */
function envFileFrom(stock: string, variables: ApacheVariables): string {
  const replaced = new Set<string>();
  const text = stock.replace(/^export (APACHE_[A-Z_]+)=.*$/gm, (line, name: string) => {
    if (!(name in variables)) return line;
    replaced.add(name);
    return `export ${name}=${variables[name as keyof ApacheVariables]}`;
  });
  assert.deepEqual(
    [...replaced].sort(),
    Object.keys(variables).sort(),
    "Debian's envvars no longer exports every APACHE_* variable this suite sets",
  );
  return text;
}

/** Our CLI's environment: the test's, without APACHE_* (the env file must be what resolves them). */
function cliEnvironment(): NodeJS.ProcessEnv {
  return { ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('APACHE_'))), NO_COLOR: '1' };
}

/** One message of `lint --format json` (ESLint's shape). */
interface LintMessage {
  readonly ruleId: string;
  readonly severity: number;
  readonly level?: string;
  readonly message: string;
  /** Apache's own words for the finding, when it prints any. */
  readonly apacheMessage?: string;
  readonly line: number;
  readonly endLine: number;
}

interface LintFile {
  readonly filePath: string;
  readonly messages: readonly LintMessage[];
}

/** One finding with its file, for assertions and the test output. */
interface Finding extends LintMessage {
  readonly file: string;
}

function findingsOf(run: CliRun, what: string): Finding[] {
  assert.ok(run.status === 0 || run.status === 1, `${what} exited ${run.status}:\n${run.stderr}${run.stdout}`);
  const files = JSON.parse(run.stdout) as LintFile[];
  return files.flatMap((file) => file.messages.map((message) => ({ ...message, file: file.filePath })));
}

const isError = (finding: Finding): boolean => finding.severity === 2;
const severityOf = (finding: Finding): string => (finding.severity === 2 ? 'error' : (finding.level ?? 'warning'));

function describeFindings(findings: readonly Finding[], confDir: string): string {
  if (findings.length === 0) return '  (none)';
  return findings
    .map(
      (finding) =>
        `  ${finding.file.replace(`${confDir}/`, '')}:${finding.line} ${severityOf(finding)} [${finding.ruleId}] ${finding.message}`,
    )
    .join('\n');
}

/** A real path, or the path itself when it does not exist. */
function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** What one copy of the tree gave. */
interface Outcome {
  readonly confDir: string;
  readonly apache: ConfigTestResult;
  readonly lint: Finding[];
  /** The same tree linted as a folder (entry detection). */
  readonly lintFolder: Finding[];
  readonly schedule: CliRun;
}

/** One balancer of `schedule --format json`, as far as this suite compares it. */
interface ScheduleBalancer {
  readonly name: string;
  readonly file: string;
  readonly scope: string;
  readonly lbmethod: string;
  readonly cycleLength: number | null;
  readonly members: readonly { readonly url: string; readonly share: number | null; readonly role: string }[];
  readonly picks: readonly (string | null)[];
}

function balancersOf(run: CliRun): ScheduleBalancer[] {
  assert.equal(run.status, 0, `schedule failed:\n${run.stderr}${run.stdout}`);
  return (JSON.parse(run.stdout) as { balancers: ScheduleBalancer[] }).balancers;
}

/** A balancer's schedule without where it is written: what must not change when it moves between files. */
function scheduleOf(balancer: ScheduleBalancer): object {
  return {
    name: balancer.name,
    scope: balancer.scope === 'main' ? 'main' : 'vhost',
    lbmethod: balancer.lbmethod,
    cycleLength: balancer.cycleLength,
    members: balancer.members.map(({ url, share, role }) => ({ url, share, role })),
    picks: balancer.picks,
  };
}

/** Conffiles of the installed apache2 package whose content differs from what the package shipped. */
async function modifiedConffiles(): Promise<string[]> {
  const listing = await new Promise<string>((resolve) =>
    execFile('dpkg-query', ['-W', '-f=${Conffiles}\\n', 'apache2'], { timeout: 10_000 }, (error, stdout) => resolve(error ? '' : stdout)),
  );
  const modified: string[] = [];
  for (const [, path = '', md5 = ''] of listing.matchAll(/^ (\S+) ([0-9a-f]{32})/gm)) {
    const text = await readFile(path).catch(() => undefined);
    if (text === undefined || createHash('md5').update(text).digest('hex') !== md5) modified.push(path);
  }
  return modified;
}

describe('real Apache: a whole Debian configuration (apache2 -t) agrees with the linter', function () {
  let scratchDir: string | undefined;
  let outcomes: Outcome[] = [];
  let single: CliRun | undefined;

  before(async function () {
    // Every variant copies the tree and runs apache2 -t and three CLI commands, each bounded.
    this.timeout(300_000);
    assertApacheInstalled();
    scratchDir = await makeScratchDir();
    const root = scratchDir;
    const port = await freePort();
    const { user, group } = await runAsUser();
    const stockEnvvars = await readFile(join(DEBIAN_CONF_DIR, 'envvars'), 'utf8');
    outcomes = await mapConcurrently(variants, CONCURRENCY, async (variant, index): Promise<Outcome> => {
      const dir = join(root, `variant-${String(index).padStart(2, '0')}`);
      const confDir = join(dir, 'apache2');
      await mkdir(dir);
      await copyDebianTree(confDir);
      await enableModules(confDir, PROXY_MODULES);
      const tree = treeAt(confDir);
      await tree.replace('ports.conf', '\nListen 80\n', `\nListen 127.0.0.1:${port}\n`);
      for (const [path, text] of Object.entries(ADDED_FILES)) await tree.write(path, text);
      await symlink(join('..', 'sites-available', 'shop.conf'), join(confDir, 'sites-enabled', 'shop.conf'));
      await variant.edit(tree);
      const variables: ApacheVariables = {
        APACHE_RUN_USER: user,
        APACHE_RUN_GROUP: group,
        APACHE_PID_FILE: join(dir, 'run', 'apache2.pid'),
        APACHE_RUN_DIR: join(dir, 'run'),
        APACHE_LOCK_DIR: join(dir, 'lock'),
        APACHE_LOG_DIR: join(dir, 'log'),
      };
      for (const folder of ['run', 'lock', 'log']) await mkdir(join(dir, folder));
      const envFile = join(dir, 'envvars');
      await writeFile(envFile, envFileFrom(stockEnvvars, variables));
      const entry = join(confDir, 'apache2.conf');
      const apache = await runConfigTest(entry, {
        serverRoot: confDir,
        env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', LANG: 'C', ...variables },
      });
      const env = cliEnvironment();
      const lint = findingsOf(await spawnCliAsync(['lint', entry, '--env-file', envFile, '--format', 'json'], { env }), 'lint');
      const lintFolder = findingsOf(
        await spawnCliAsync(['lint', confDir, '--env-file', envFile, '--format', 'json'], { env }),
        'lint of the folder',
      );
      const schedule = await spawnCliAsync(['schedule', entry, '--env-file', envFile, '--format', 'json', '--picks', '200'], { env });
      return { confDir, apache, lint, lintFolder, schedule };
    });
    const singleFile = join(root, 'single.conf');
    await writeFile(singleFile, SINGLE_FILE);
    single = await spawnCliAsync(['schedule', singleFile, '--format', 'json', '--picks', '200'], { env: cliEnvironment() });
  });

  after(async function () {
    if (scratchDir !== undefined) await removeScratchDir(scratchDir);
  });

  it('has at least 10 broken variants, each with a distinct title', async function () {
    const broken = variants.filter((variant) => variant.verdict === 'refused');
    assert.ok(broken.length >= 10, `${broken.length} broken variants`);
    assert.equal(new Set(variants.map((variant) => variant.title)).size, variants.length);
    // Not a failure: the suite then checks this machine's tree as installed; the output says so.
    const modified = await modifiedConffiles();
    if (modified.length > 0) console.log(`      note: conffiles changed from the package's: ${modified.join(', ')}`);
  });

  it('clean tree: Apache says Syntax OK and we report no error or warning, and nothing on stock files', function () {
    const clean = outcomes[0]!;
    const report = `Apache (exit ${clean.apache.status}):\n${clean.apache.output.trim()}\nour findings:\n${describeFindings(clean.lint, clean.confDir)}`;
    console.log(`      our findings on the clean tree:\n  ${describeFindings(clean.lint, clean.confDir).replace(/\n/g, '\n  ')}`);
    assert.equal(clean.apache.status, 0, report);
    assert.match(clean.apache.output, /Syntax OK/, report);
    assert.deepEqual(
      clean.lint.filter((finding) => finding.severity === 2 || finding.level !== 'info'),
      [],
      report,
    );
    const added = new Set(Object.keys(ADDED_FILES).map((path) => real(join(clean.confDir, path))));
    // A finding on Debian's own files would be a false report on a configuration Apache runs as is.
    assert.deepEqual(
      clean.lint.filter((finding) => !added.has(real(finding.file))),
      [],
      report,
    );
    assert.deepEqual(
      clean.lint.filter((finding) => finding.ruleId === 'undefined-variable'),
      [],
      `--env-file should resolve \${APACHE_*}\n${report}`,
    );
  });

  it('clean tree: a balancer defined in conf-enabled/ and used in sites-enabled/ resolves', function () {
    const clean = outcomes[0]!;
    const unresolved = clean.lint.filter((finding) => ['empty-balancer', 'undefined-balancer', 'unused-balancer'].includes(finding.ruleId));
    assert.deepEqual(unresolved, [], describeFindings(unresolved, clean.confDir));
    const balancers = balancersOf(clean.schedule);
    const shop = balancers.filter((balancer) => balancer.name === 'balancer://shop');
    assert.deepEqual(
      shop.map((balancer) => (balancer.scope === 'main' ? 'main' : 'vhost')),
      ['main', 'vhost'],
    );
    const members = ['http://127.0.0.1:9001', 'http://127.0.0.1:9002', 'http://127.0.0.1:9003', 'http://127.0.0.1:9004'];
    for (const balancer of shop)
      assert.deepEqual(
        balancer.members.map((member) => member.url),
        members,
        JSON.stringify(balancer),
      );
    assert.equal(resolve(shop[0]!.file), join(clean.confDir, 'conf-enabled/balancers.conf'));
    assert.equal(resolve(shop[1]!.file), join(clean.confDir, 'sites-enabled/shop.conf'));
    const api = balancers.find((balancer) => balancer.name === 'balancer://api' && balancer.scope === 'main');
    assert.deepEqual(
      api?.members.map((member) => member.url),
      ['http://127.0.0.1:9101', 'http://127.0.0.1:9102', 'http://127.0.0.1:9103'],
    );
  });

  it('clean tree: schedules through Includes match the same balancers in one file', function () {
    const tree = balancersOf(outcomes[0]!.schedule).map(scheduleOf);
    const oneFile = balancersOf(single!).map(scheduleOf);
    assert.ok(tree.length >= 4, JSON.stringify(tree));
    assert.deepEqual(tree, oneFile);
  });

  for (const [index, variant] of variants.entries()) {
    if (index === 0) continue;
    it(`${variant.verdict}: ${variant.title}`, function () {
      const outcome = outcomes[index];
      if (outcome === undefined) throw new Error('the variant did not run');
      const { confDir, apache } = outcome;
      const errors = outcome.lint.filter(isError);
      const report = `Apache (exit ${apache.status}):\n${apache.output.trim().slice(0, 1500)}\nour findings:\n${describeFindings(outcome.lint, confDir)}`;
      const apacheRefuses = apache.status !== 0;
      assert.equal(apacheRefuses ? 'refused' : 'accepted', variant.verdict, `Apache's verdict differs from the spec's\n${report}`);
      // Linting the folder finds the same errors: files that an entry includes are not entries.
      const key = (finding: Finding): string => `${real(finding.file)}:${finding.line} ${finding.ruleId}`;
      assert.deepEqual(
        outcome.lintFolder.filter(isError).map(key).sort(),
        errors.map(key).sort(),
        `linting the folder differs\n${describeFindings(outcome.lintFolder, confDir)}`,
      );
      assert.equal(errors.length > 0, apacheRefuses, `verdicts differ\n${report}`);
      if (!apacheRefuses) return;
      const named = innermostSyntaxError(apache.output);
      if (named === undefined) assert.fail(`no "Syntax error on line N of FILE" in Apache's output\n${report}`);
      assert.equal(named.file, join(confDir, variant.file!), `Apache names another file than the spec's\n${report}`);
      const onLine = errors.filter((error) => error.file === named.file && error.line <= named.line && named.line <= error.endLine);
      assert.ok(onLine.length > 0, `none of our errors is in ${variant.file} on line ${named.line}\n${report}`);
      // Apache's message, without the `FILE:LINE: ` it puts before a section error (cut output has none).
      const message = named.message.replace(/^\S+:\d+: /, '');
      if (message !== '')
        assert.ok(
          onLine.some((error) => error.apacheMessage?.includes(message)),
          `no error there quotes ${JSON.stringify(message)}\n${report}`,
        );
    });
  }
});
