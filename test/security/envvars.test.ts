/**
 * Debian's `envvars` beside apache2.conf is read for `${NAME}` without being named, so it is read
 * like an included file: only a regular file, only inside the roots, only up to the size limit. A
 * committed `envvars` symlink to another project's `.env`, to /proc/self/environ, to /dev/zero or a
 * FIFO must neither print a token nor hang `lint`, `schedule` or the language server.
 */
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { spawnCli } from '../support/cli';
import { startSession } from '../support/lsp-session';
import { tempDir } from '../support/temp';

const TOKEN = 'ghp_EnvvarsToken0123456789';
const CONF = `<Proxy "balancer://x">
    BalancerMember http://10.0.0.1 route=\${API_TOKEN}
    BalancerMember http://10.0.0.2
</Proxy>
ProxyPass / balancer://x/
`;

/** A Debian-like tree `site/` whose envvars is made by `link` (given the tree and a folder outside it holding `.env`). */
function tree(link: (envvars: string, outside: string) => void): string {
  const dir = tempDir('balancer-lens-envvars-');
  const outside = join(dir, 'other-project');
  mkdirSync(outside);
  writeFileSync(join(outside, '.env'), `API_TOKEN=${TOKEN}\n`);
  const site = join(dir, 'site');
  mkdirSync(site);
  writeFileSync(join(site, 'apache2.conf'), CONF);
  link(join(site, 'envvars'), outside);
  return site;
}

const ATTACKS: readonly [string, (envvars: string, outside: string) => void][] = [
  ["a symlink to another project's .env", (envvars, outside) => symlinkSync(join(outside, '.env'), envvars)],
  ['a symlink to /proc/self/environ', (envvars) => symlinkSync('/proc/self/environ', envvars)],
  ['a symlink to /dev/zero', (envvars) => symlinkSync('/dev/zero', envvars)],
  ['a FIFO', (envvars) => execFileSync('mkfifo', [envvars])],
];

describe('security: Debian envvars is read like an included file', function () {
  this.timeout(60_000);

  for (const [what, link] of ATTACKS) {
    for (const command of [
      ['lint', 'apache2.conf', '--format', 'json'],
      ['schedule', 'apache2.conf', '--format', 'json'],
    ]) {
      it(`${command[0]}: envvars as ${what} is not read, said in one line, and nothing leaks`, () => {
        const site = tree(link);
        const run = spawnCli(command, { cwd: site, env: { API_TOKEN: TOKEN }, timeoutMs: 20_000 });
        assert.equal(run.signal, null, 'it ends');
        assert.equal(run.status, 2, run.stderr);
        assert.ok(!`${run.stdout}${run.stderr}`.includes(TOKEN), run.stdout);
        assert.match(run.stderr, /^balancer-lens: envvars beside apache2\.conf .*not read.*--env-file/m);
        assert.equal(run.stderr.trim().split('\n').length, 1, run.stderr);
      });
    }
  }

  it('an envvars inside the tree is still read', () => {
    const site = tree((envvars) => writeFileSync(envvars, 'export API_TOKEN=s1\n'));
    const run = spawnCli(['lint', 'apache2.conf', '--format', 'json'], { cwd: site });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stderr, /note: \$\{NAME\} from envvars beside apache2.conf/);
  });

  it('an envvars symlink into the linted tree is read where it leads', () => {
    const site = tree((envvars) => {
      writeFileSync(`${envvars}.real`, 'export API_TOKEN=s1\n');
      symlinkSync('envvars.real', envvars);
    });
    const run = spawnCli(['lint', 'apache2.conf', '--format', 'json'], { cwd: site });
    assert.equal(run.status, 0, run.stderr);
  });

  for (const [what, link] of ATTACKS) {
    it(`language server: envvars as ${what} is not read, and the server answers`, async () => {
      const site = tree(link);
      const session = await startSession({
        root: pathToFileURL(site).toString(),
        folders: true,
        pullSettings: true,
        configuration: () => ({}),
        env: { ...process.env, API_TOKEN: TOKEN },
      });
      try {
        const uri = pathToFileURL(join(site, 'apache2.conf')).toString();
        session.open(uri, CONF);
        const published = await session.diagnostics(uri, 1);
        assert.ok(
          published.diagnostics.some((diagnostic) => diagnostic.code === 'undefined-variable'),
          'API_TOKEN stays unset',
        );
        const hover = (await session.connection.sendRequest('textDocument/hover', {
          textDocument: { uri },
          position: { line: 1, character: 22 },
        })) as { contents: { value: string } } | null;
        assert.ok(hover, 'a hover');
        assert.ok(!hover.contents.value.includes(TOKEN), hover.contents.value);
        assert.ok(
          session.logs.some((line) => /envvars beside apache2\.conf .*not read/.test(line)),
          session.logs.join('\n'),
        );
      } finally {
        session.stop();
      }
    });
  }
});
