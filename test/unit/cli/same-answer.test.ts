/** `schedule`, `lint`, `diff` and `trace` give the same answer on the same files, and take the same flags (issue 27). */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { runCli } from '../../support/cli';
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
