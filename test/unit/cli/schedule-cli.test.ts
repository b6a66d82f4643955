import assert from 'node:assert/strict';
import { Run, runCli, spawnCli } from '../../support/cli';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkGolden } from '../../support/golden';
import { tempDir } from '../../support/temp';
import { parseXml } from '../../support/xml';

/** The built binary, end to end: these checks are about what a user's shell sees. */
function run(...args: string[]): Run {
  return spawnCli(args);
}

function tempFile(content: string | Buffer): string {
  const path = join(tempDir('balancer-lens-'), 'test.conf');
  writeFileSync(path, content);
  return path;
}

describe('balancer-lens schedule', () => {
  it('prints the bundled example as text', () => {
    const result = run('schedule', 'examples/shop.conf');
    assert.equal(result.status, 0, result.stderr);
    checkGolden('schedule-shop.txt', result.stdout);
  });

  it('prints the bundled example as JSON', () => {
    const result = run('schedule', 'examples/shop.conf', '--format', 'json');
    assert.equal(result.status, 0, result.stderr);
    checkGolden('schedule-shop.json', `${JSON.stringify(JSON.parse(result.stdout), null, 2)}\n`);
  });

  it('states in the JSON notes a conditional assumed true around a balancer, and only there', () => {
    const file = tempFile(
      [
        '<IfFile /balancer-lens-outside/x.conf>',
        '<Proxy balancer://web>',
        'BalancerMember http://a',
        '</Proxy>',
        '</IfFile>',
        '<Proxy balancer://plain>',
        'BalancerMember http://b',
        '</Proxy>',
        '',
      ].join('\n'),
    );
    const result = run('schedule', file, '--format', 'json');
    assert.equal(result.status, 0, result.stderr);
    const report = JSON.parse(result.stdout) as { balancers: { name: string; notes: string[] }[] };
    const notes = new Map(report.balancers.map((balancer) => [balancer.name, balancer.notes]));
    assert.ok(
      notes
        .get('balancer://web')!
        .includes(
          '<IfFile /balancer-lens-outside/x.conf> is assumed true: /balancer-lens-outside/x.conf is outside the include roots, or files are not read here',
        ),
      JSON.stringify(notes.get('balancer://web')),
    );
    assert.ok(!notes.get('balancer://plain')!.some((note) => note.includes('assumed')));
  });

  it('says which servers share one schedule: the main server and the virtual hosts that inherit its balancer', () => {
    const file = tempFile(
      [
        '<Proxy balancer://t>',
        'BalancerMember http://a',
        '</Proxy>',
        '<VirtualHost *:80>',
        'ServerName x.test',
        '<Proxy balancer://t>',
        'BalancerMember http://b',
        '</Proxy>',
        '</VirtualHost>',
        '<VirtualHost *:81>',
        'BalancerInherit Off',
        'ProxyPassInherit Off',
        '</VirtualHost>',
        '',
      ].join('\n'),
    );
    const result = run('schedule', file, '--format', 'json', '--down', 'http://a');
    assert.equal(result.status, 0, result.stderr);
    const report = JSON.parse(result.stdout) as { balancers: { scope: string; servers: string[]; notes: string[] }[] };
    assert.deepEqual(
      report.balancers.map(({ scope, servers }) => [scope, servers]),
      [
        ['main', ['main', 'vhost:4']],
        ['vhost:4', ['main', 'vhost:4']],
      ],
    );
    const note =
      'one schedule for the main server and the virtual host <VirtualHost *:80> x.test: each request to balancer://t from any of them takes the next pick, and a member taken down is down in all';
    for (const balancer of report.balancers) assert.ok(balancer.notes.includes(note), JSON.stringify(balancer.notes));
  });

  it('selects one balancer and a number of picks', () => {
    const result = run('schedule', 'examples/shop.conf', '--balancer', 'SHOP', '--picks', '3', '--format', 'json');
    const report = JSON.parse(result.stdout) as { balancers: { name: string; picks: string[] }[] };
    assert.deepEqual(
      report.balancers.map((balancer) => balancer.name),
      ['balancer://shop'],
    );
    assert.deepEqual(report.balancers[0]!.picks, ['http://10.0.0.1:8080', 'http://10.0.0.2:8080', 'http://10.0.0.1:8080']);
  });

  it('reports 503 picks as null', () => {
    const file = tempFile('<Proxy balancer://x>\nBalancerMember http://a status=+D\n</Proxy>\n');
    const report = JSON.parse(run('schedule', file, '--format', 'json', '--picks', '2').stdout) as { balancers: { picks: unknown[] }[] };
    assert.deepEqual(report.balancers[0]!.picks, [null, null]);
  });

  const failures: [string, string[], RegExp][] = [
    ['a missing file', ['schedule', 'no/such.conf'], /cannot read no\/such\.conf: no such file/],
    ['standard input beside a path', ['schedule', '-', 'examples/shop.conf'], /standard input \(-\) alone/],
    [
      'an unknown balancer',
      ['schedule', 'examples/shop.conf', '--balancer', 'nope'],
      /no balancer named balancer:\/\/nope .*found: balancer:\/\/shop, balancer:\/\/api/,
    ],
    [
      'a bad flag',
      ['schedule', 'examples/shop.conf', '--bogus'],
      /unknown option --bogus \(balancer-lens schedule --help lists the options\)/,
    ],
    ['a bad --picks', ['schedule', 'examples/shop.conf', '--picks', '2.5'], /--picks takes a whole number/],
    ['a bad format', ['schedule', 'examples/shop.conf', '--format', 'xml'], /unknown format 'xml'/],
    ['an unknown command', ['frobnicate'], /unknown command 'frobnicate'/],
  ];
  for (const [what, args, message] of failures) {
    it(`exits 2 with one line for ${what}`, () => {
      const result = run(...args);
      assert.equal(result.status, 2);
      assert.equal(result.stdout, '');
      assert.match(result.stderr, message);
      assert.equal(result.stderr.trim().split('\n').length, 1, result.stderr);
    });
  }

  it('says binary junk is binary, in one line, not a stack trace', () => {
    const junk = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256));
    const result = run('schedule', tempFile(junk));
    assert.equal(result.status, 2, result.stderr);
    assert.equal(result.stdout, '');
    assert.match(result.stderr, /^balancer-lens: .*test\.conf: binary file, not an Apache configuration\n$/);
  });

  it('stops quietly when its reader goes away (| head), exiting with its own code', () => {
    // Four megabytes of picks: far more than a pipe holds, so the writes meet the closed pipe.
    const cli = join(__dirname, '../../../server/dist/cli.js');
    const pipeline = `set -o pipefail; "${process.execPath}" "${cli}" schedule examples/shop.conf --picks 1000000 | head -c 10`;
    const result = spawnSync('bash', ['-c', pipeline], { cwd: join(__dirname, '../../..'), encoding: 'utf8' });
    assert.equal(result.stderr, '');
    assert.equal(result.stdout, 'balancer:/');
    assert.equal(result.status, 0);
  });
});

describe('balancer-lens schedule pictures', () => {
  it('draws the bundled example as well-formed SVG (golden), light and dark', () => {
    const result = runCli(['schedule', 'examples/shop.conf', '--format', 'svg']);
    assert.equal(result.status, 0, result.stderr);
    assert.equal(parseXml(result.stdout)[0], 'svg');
    assert.match(result.stdout, /@media \(prefers-color-scheme:dark\)/);
    checkGolden('schedule-shop.svg', result.stdout);
  });

  it('says a bytraffic balancer has no fixed order, not that every request gets 503', () => {
    const file = tempFile(
      '<Proxy balancer://x>\nBalancerMember http://a\nBalancerMember http://b\nProxySet lbmethod=bytraffic\n</Proxy>\n',
    );
    for (const format of ['svg', 'html']) {
      const out = runCli(['schedule', file, '--format', format]).stdout;
      assert.match(out, /bytraffic, no fixed order to preview/);
      assert.doesNotMatch(out, /503/);
    }
  });

  it('writes one self-contained HTML page: the chart inline, a table per balancer, nothing fetched', () => {
    const result = runCli(['schedule', 'examples/shop.conf', '--format', 'html']);
    assert.equal(result.status, 0, result.stderr);
    const html = result.stdout;
    assert.match(html, /^<!DOCTYPE html>/);
    assert.doesNotMatch(html, /\b(src|href)=|url\(|@import|<script|<link/);
    assert.equal((html.match(/<table>/g) ?? []).length, 2);
    assert.match(
      html,
      /<td>http:\/\/10\.0\.0\.3:8080<\/td><td>1<\/td><td>0<\/td><td class="share">0\.0%<\/td><td class="muted">standby \(idle\)/,
    );
    parseXml(/<svg[\s\S]*<\/svg>/.exec(html)![0]);
  });
});
