/** `schedule`, `lint`, `diff` and `trace` give the same answer on the same files, and take the same flags (issue 27). */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { runCli, runCliAsync } from '../../support/cli';
import { tempDir } from '../../support/temp';

/** A folder holding `files` (relative name → text). */
function folder(files: Readonly<Record<string, string>>): string {
  const dir = tempDir('balancer-lens-same-');
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

const pool = (name: string, ...members: string[]): string =>
  `<Proxy "balancer://${name}">\n${members.map((member) => `    BalancerMember ${member}\n`).join('')}</Proxy>\n`;
const SPLIT = {
  'conf.d/balancers.conf': pool('api', 'http://10.0.0.1:8080 loadfactor=3', 'http://10.0.0.2:8080'),
  'sites/shop.conf': '<VirtualHost *:80>\n    ServerName shop.example.com\n    ProxyPass "/api/" "balancer://api/"\n</VirtualHost>\n',
};

interface ScheduleJson {
  balancers: { name: string; file: string; notes: string[]; members: { url: string; share: number | null }[] }[];
}

describe('the same answer from every command', () => {
  it('-f sets the format of every command', () => {
    const dir = folder(SPLIT);
    for (const args of [
      ['lint', '.'],
      ['schedule', 'conf.d/balancers.conf'],
      ['diff', 'conf.d/balancers.conf', 'conf.d/balancers.conf'],
      ['trace', '.', '--url', 'http://shop.example.com/api/x'],
    ]) {
      const result = runCli([...args, '-f', 'json'], { cwd: dir });
      assert.equal(result.status, 0, `${args.join(' ')}: ${result.stderr}`);
      assert.doesNotThrow(() => JSON.parse(result.stdout), args.join(' '));
    }
  });

  it('--ext picks *.EXT files in folders for diff and schedule, as for lint', () => {
    const dir = folder({
      'old/shop.cfg': pool('shop', 'http://a:1', 'http://b:1'),
      'new/shop.cfg': pool('shop', 'http://a:1 loadfactor=3', 'http://b:1'),
    });
    assert.equal(runCli(['diff', 'old', 'new'], { cwd: dir }).status, 2, 'no configuration file without --ext');
    assert.equal(runCli(['diff', 'old', 'new', '--ext', 'cfg'], { cwd: dir }).status, 1);
    const shares = (
      JSON.parse(runCli(['schedule', 'new', '--ext', '.cfg', '-f', 'json'], { cwd: dir }).stdout) as ScheduleJson
    ).balancers.map((balancer) => balancer.members.map((member) => member.share));
    assert.deepEqual(shares, [[0.75, 0.25]]);
  });

  it('schedule DIR reads the folder lint reads: balancers in conf.d/, ProxyPass in sites/', () => {
    const dir = folder(SPLIT);
    const result = runCli(['schedule', '.', '-f', 'json'], { cwd: dir });
    assert.equal(result.status, 0, result.stderr);
    const report = JSON.parse(result.stdout) as ScheduleJson;
    assert.deepEqual(
      report.balancers.map((balancer) => [balancer.name, balancer.file, balancer.members.map((member) => member.share)]),
      [['balancer://api', 'conf.d/balancers.conf', [0.75, 0.25]]],
    );
    // No path is the current folder, as for lint; files given together are one set.
    assert.equal(runCli(['schedule', '-f', 'json'], { cwd: dir }).stdout, result.stdout);
    assert.equal(runCli(['schedule', 'conf.d/balancers.conf', 'sites/shop.conf', '-f', 'json'], { cwd: dir }).stdout, result.stdout);
    assert.equal(runCli(['lint', '.'], { cwd: dir }).status, 0);
  });

  it('schedule does not preview as sticky a stickysession that never sticks (no member has a route), as lint warns', () => {
    const dir = folder({
      'shop.conf': `${pool('shop', 'http://10.0.0.1:8080', 'http://10.0.0.2:8080')}ProxySet "balancer://shop" stickysession=JSESSIONID\n`,
    });
    const notes = (JSON.parse(runCli(['schedule', 'shop.conf', '-f', 'json'], { cwd: dir }).stdout) as ScheduleJson).balancers[0]!.notes;
    assert.ok(!notes.some((note) => note.includes('send returning clients to their member')), notes.join('\n'));
    assert.ok(
      notes.some((note) => note.includes('stickysession=JSESSIONID never sticks')),
      notes.join('\n'),
    );
    assert.match(runCli(['lint', 'shop.conf', '-f', 'compact'], { cwd: dir }).stdout, /never sticks.*sticky-without-route/);
  });

  it('one problem, one finding: a trailing comment on a BalancerMember line; a variable used 16 times in a file', () => {
    const members = Array.from({ length: 16 }, (_, index) => `http://\${BACKEND}:${8001 + index}`);
    const dir = folder({
      'comment.conf': pool('shop', 'http://10.0.0.1:8080 loadfactor=2 # the big one', 'http://10.0.0.2:8080'),
      'variable.conf': pool('pool', ...members),
    });
    const rows = (file: string): string[] =>
      runCli(['lint', file, '-f', 'compact', '--rule', 'missing-proxypassreverse:off'], { cwd: dir }).stdout.trim().split('\n');
    const comment = rows('comment.conf');
    assert.equal(comment.length, 1, comment.join('\n'));
    assert.match(comment[0]!, /^comment\.conf:2:54: error: a trailing "#" comment is read as arguments.*\[member-syntax\]$/);
    const variable = rows('variable.conf');
    assert.deepEqual(variable, [
      'variable.conf:2:27: info: ${BACKEND} is not defined before its 16 uses in this file: define it earlier, or give it with --env-file or --define [undefined-variable]',
    ]);
  });

  it('schedule says an unrendered template is one, as lint does', () => {
    const dir = folder({ 'shop.conf.j2': pool('shop', 'http://{{ backend_a }}:8080', 'http://10.0.0.2:8080') });
    const lint = runCli(['lint', 'shop.conf.j2', '-f', 'compact'], { cwd: dir }).stdout;
    assert.match(lint, /unrendered template/);
    const text = runCli(['schedule', 'shop.conf.j2'], { cwd: dir });
    assert.match(text.stdout, /shop\.conf\.j2:2: this file is an unrendered template \(Jinja, e\.g\. "\{\{ backend_a \}\}"\)/);
    const json = JSON.parse(runCli(['schedule', 'shop.conf.j2', '-f', 'json'], { cwd: dir }).stdout) as { templates: unknown[] };
    assert.equal(json.templates.length, 1);
  });
});

/** The page Apache 2.4.71 served for LIVE_CONFIG (status-cli.test.ts has the story). */
const LIVE_PAGE = readFileSync(join(__dirname, '../../fixtures/live/manager-2.4.71.html'), 'latin1');
const LIVE_CONFIG = `<Proxy balancer://t>
  BalancerMember http://127.0.0.1:8081 route=r1
  BalancerMember http://127.0.0.1:8082/ loadfactor=2
  BalancerMember http://127.0.0.1:8083 status=+H lbset=1
</Proxy>
ProxyPass / balancer://t/
`;

/** What each command says about the folder `cwd` read with the flags `args`, with file names and lines left out. */
async function answers(cwd: string, args: readonly string[], page: string): Promise<Record<string, unknown>> {
  const lint = runCli(['lint', '.', ...args, '-f', 'json'], { cwd });
  const schedule = runCli(['schedule', '.', ...args, '-f', 'json'], { cwd });
  // Against a folder holding one empty file: every balancer and route is added.
  const diff = runCli(['diff', '../empty', '.', ...args, '-f', 'json'], { cwd });
  const trace = (...down: string[]): Run =>
    runCli(['trace', '.', ...args, '--url', 'http://shop.example.com/', ...down.flatMap((url) => ['--backend-down', url]), '-f', 'json'], {
      cwd,
    });
  const traces = [trace(), trace('http://127.0.0.1:8082/'), trace('http://127.0.0.1:8082/', 'http://127.0.0.1:8081')];
  const status = await runCliAsync(['status', page, '.', ...args, '-f', 'json'], { cwd, env: { BALANCER_LENS_STATUS_AUTH: '' } });
  for (const [name, run] of Object.entries({ lint, schedule, diff, trace: traces[0]!, status }))
    assert.doesNotThrow(() => JSON.parse(run.stdout), `${name} ${args.join(' ')}: ${run.stderr}`);
  const json = <T>(run: Run): T => JSON.parse(run.stdout) as T;
  return {
    lint: [
      lint.status,
      json<{ messages: { ruleId: string }[] }[]>(lint)
        .flatMap((file) => file.messages.map((message) => message.ruleId))
        .sort(),
    ],
    schedule: json<ScheduleJson>(schedule).balancers.map((balancer) => [
      balancer.name,
      balancer.members.map((member) => [member.url, member.share]),
    ]),
    diff: [
      diff.status,
      json<DiffJson>(diff).balancers.map((balancer) => [
        balancer.kind,
        balancer.server,
        balancer.name,
        balancer.members.map((member) => [member.url, member.after?.share]),
      ]),
      json<DiffJson>(diff).routes.map((route) => [route.server, route.path, route.before, route.after]),
    ],
    trace: traces.map((run) => json<{ backendRequest: { url: string } | null }>(run).backendRequest?.url),
    status: [status.status, json<{ differs: boolean }>(status).differs],
  };
}

interface DiffJson {
  balancers: { kind: string; server: string; name: string; members: { url: string; after: { share: number } | null }[] }[];
  routes: { server: string; path: string; before: string | null; after: string | null }[];
}

interface Run {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

describe('one reader: the same folder and read flags are the same configuration for every command', () => {
  let server: http.Server;
  let page = '';
  before(async () => {
    server = http.createServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=ISO-8859-1' });
      response.end(LIVE_PAGE);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    page = `http://127.0.0.1:${(server.address() as AddressInfo).port}/balancer-manager`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const cases: readonly {
    name: string;
    files: (shared: string) => Record<string, string>;
    args: (shared: string) => string[];
  }[] = [
    {
      name: 'Debian envvars, -D, --server-root and --include-root',
      files: (shared) => ({
        'etc/envvars': 'export APACHE_BACKEND=127.0.0.1\n',
        'etc/apache2.conf': [
          '<Proxy balancer://t>',
          '  BalancerMember http://${APACHE_BACKEND}:8081 route=r1',
          '  <IfDefine LIVE>',
          '  BalancerMember http://127.0.0.1:8082/ loadfactor=2',
          '  </IfDefine>',
          '</Proxy>',
          // Relative to --server-root; that file's include reads only within --include-root.
          'Include members.conf',
          'ProxyPass / balancer://t/',
          '',
        ].join('\n'),
        'root/members.conf': `Include ${shared}/third.conf\n`,
        'shared/third.conf': 'BalancerMember balancer://t http://127.0.0.1:8083 status=+H lbset=1\n',
      }),
      args: (shared) => ['-D', 'LIVE', '--server-root', '../root', '--include-root', shared],
    },
    {
      // Two entry files: trace and status read them together, as one server, as lint and schedule do.
      name: 'the split layout, the ProxyPass in a file before the balancer',
      files: () => ({
        'etc/00-site.conf': 'ProxyPass / balancer://t/\n',
        'etc/10-pool.conf': LIVE_CONFIG.replace('ProxyPass / balancer://t/\n', ''),
      }),
      args: () => [],
    },
    {
      name: '--ext for a folder of *.cfg files',
      files: () => ({ 'etc/site.cfg': LIVE_CONFIG }),
      args: () => ['--ext', 'cfg'],
    },
  ];
  for (const each of cases)
    it(`${each.name}: lint, schedule, diff, trace and status see the balancer as written plainly`, async () => {
      const top = tempDir('balancer-lens-one-reader-');
      const shared = join(top, 'shared');
      for (const [name, text] of Object.entries({ ...each.files(shared), 'plain/shop.conf': LIVE_CONFIG, 'empty/empty.conf': '' })) {
        mkdirSync(dirname(join(top, name)), { recursive: true });
        writeFileSync(join(top, name), text);
      }
      const expected = await answers(join(top, 'plain'), [], page);
      assert.deepEqual(expected.schedule, [
        [
          'balancer://t',
          [
            ['http://127.0.0.1:8081', 1 / 3],
            ['http://127.0.0.1:8082/', 2 / 3],
            ['http://127.0.0.1:8083', 0],
          ],
        ],
      ]);
      assert.deepEqual(await answers(join(top, 'etc'), each.args(shared), page), expected);
    });
});
