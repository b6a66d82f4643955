/**
 * "Compare with HEAD" over the protocol (balancerLens/diff) gives what `balancer-lens diff --base HEAD`
 * gives on the folder: on a Debian tree whose conf-enabled/ holds committed symlinks, opened on the
 * real file and on its symlink, and on the split layout (balancers in conf.d/, ProxyPass in sites/).
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runCli } from '../../support/cli';
import { Session, startSession } from '../../support/lsp-session';
import { tempDir } from '../../support/temp';

const pool = (...members: string[]): string =>
  `<Proxy "balancer://api">\n${members.map((member) => `    BalancerMember ${member}\n`).join('')}</Proxy>\n`;
const vhost = (...lines: string[]): string =>
  `<VirtualHost *:80>\n    ServerName shop.example.com\n${lines.map((line) => `    ${line}\n`).join('')}</VirtualHost>\n`;

/** A repository holding `files` (relative name → text, or `-> target` for a symlink), committed. */
function repository(files: Readonly<Record<string, string>>): string {
  const dir = realpathSync(tempDir('balancer-lens-head-'));
  const git = (...args: string[]): string =>
    execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.invalid', '-c', 'commit.gpgsign=false', ...args], {
      cwd: dir,
      encoding: 'utf8',
      stdio: 'pipe',
      env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1' },
    });
  git('init', '-q', '-b', 'main');
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    if (text.startsWith('-> ')) symlinkSync(text.slice(3), join(dir, name));
    else writeFileSync(join(dir, name), text);
  }
  git('add', '.');
  git('commit', '-q', '-m', 'base');
  return dir;
}

/** The CLI's markdown report of the folder against HEAD, without its title line (which names the commit). */
function cliReport(dir: string): string {
  const result = runCli(['diff', '--base', 'HEAD', '--format', 'markdown'], { cwd: dir });
  assert.equal(result.status, 1, result.stderr);
  return withoutTitles(result.stdout);
}

function withoutTitles(markdown: string): string {
  return markdown.replace(/^(.*)\n\n(.*)→(.*)\n/, '$1\n\n');
}

describe('Compare with HEAD over the protocol', function () {
  this.timeout(30_000);
  let session: Session | undefined;
  afterEach(() => session?.stop());

  /** Opens `uri` with `text` and asks for the report against `before`. */
  async function compare(root: string, uri: string, text: string, before: string): Promise<{ markdown: string; changed: boolean }> {
    session = await startSession({ root: pathToFileURL(root).toString(), folders: true });
    session.open(uri, text);
    await session.diagnostics(uri, 1);
    const answer = (await session.connection.sendRequest('balancerLens/diff', { uri, before, label: 'HEAD' })) as {
      markdown: string;
      changed: boolean;
    } | null;
    assert.ok(answer);
    return answer;
  }

  const HEAD = pool('http://10.0.0.1:8080', 'http://10.0.0.2:8080');
  const NOW = pool('http://10.0.0.1:8080', 'http://10.0.0.2:8080 loadfactor=3');
  const debian = (): string => {
    const dir = repository({
      'apache2.conf': 'IncludeOptional conf-enabled/*.conf\nIncludeOptional sites-enabled/*.conf\n',
      'conf-available/pool.conf': HEAD,
      'conf-enabled/pool.conf': '-> ../conf-available/pool.conf',
      'sites-available/shop.conf': vhost('ProxyPass "/api/" "balancer://api/"'),
      'sites-enabled/shop.conf': '-> ../sites-available/shop.conf',
    });
    writeFileSync(join(dir, 'conf-available/pool.conf'), NOW);
    return dir;
  };

  for (const opened of ['conf-available/pool.conf', 'conf-enabled/pool.conf']) {
    it(`on a Debian tree, opened on ${opened}: a share change 50% → 25% is reported as diff --base HEAD reports it`, async () => {
      const dir = debian();
      const answer = await compare(dir, pathToFileURL(join(dir, opened)).toString(), NOW, HEAD);
      assert.equal(answer.changed, true);
      assert.match(answer.markdown, /50\.0% → 25\.0% \(−25\.0\)/);
      assert.equal(withoutTitles(answer.markdown), cliReport(dir));
    });
  }

  for (const asked of ['conf-available/pool.conf', 'conf-enabled/pool.conf'])
    it(`with the real file and its symlink both open (as VS Code keeps them), asked on ${asked}: the same report`, async () => {
      const dir = debian();
      session = await startSession({ root: pathToFileURL(dir).toString(), folders: true });
      const uris = ['conf-available/pool.conf', 'conf-enabled/pool.conf'].map((name) => pathToFileURL(join(dir, name)).toString());
      for (const uri of uris) {
        session.open(uri, NOW);
        await session.diagnostics(uri, 1);
      }
      const answer = (await session.connection.sendRequest('balancerLens/diff', {
        uri: pathToFileURL(join(dir, asked)).toString(),
        before: HEAD,
        label: 'HEAD',
      })) as { markdown: string; changed: boolean } | null;
      assert.ok(answer);
      assert.equal(withoutTitles(answer.markdown), cliReport(dir));
    });

  it('on the split layout: a new route to a balancer of conf.d/ is a route change, as diff --base HEAD says', async () => {
    const before = vhost('ProxyPass "/" "balancer://api/"');
    const dir = repository({
      'conf.d/pool.conf': HEAD,
      'sites/shop.conf': before,
    });
    const now = vhost('ProxyPass "/api/" "balancer://api/"', 'ProxyPass "/" "!"');
    writeFileSync(join(dir, 'sites/shop.conf'), now);
    const answer = await compare(dir, pathToFileURL(join(dir, 'sites/shop.conf')).toString(), now, before);
    assert.equal(answer.changed, true);
    assert.doesNotMatch(answer.markdown, /added/);
    assert.equal(withoutTitles(answer.markdown), cliReport(dir));
  });
});
