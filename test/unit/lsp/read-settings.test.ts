/**
 * balancerLens.envFile, defines and serverRoot give the editor what --env-file, -D and --server-root
 * give `balancer-lens lint`: the same findings for the same files.
 */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startSession } from '../../support/lsp-session';
import { lintJson } from '../../support/cli';
import { tempDir } from '../../support/temp';

const SITE = [
  'ErrorLog ${APACHE_LOG_DIR}/error.log',
  '<IfDefine SSL>',
  '  BalancerMember balancer://tls http://10.0.0.9 loadfactor=0',
  '</IfDefine>',
  'Include conf/members.conf',
  '',
].join('\n');

/** Rule ids of the diagnostics the editor publishes for `file`, opened with `configuration` as its settings. */
async function editorFindings(root: string, file: string, configuration: object): Promise<string[]> {
  const session = await startSession({
    root: pathToFileURL(root).toString(),
    folders: true,
    pullSettings: true,
    configuration: () => configuration,
  });
  try {
    await session.configurationAsked();
    const uri = pathToFileURL(file).toString();
    session.open(uri, SITE);
    return (await session.diagnostics(uri, 1)).diagnostics.map((diagnostic) => String(diagnostic.code)).sort();
  } finally {
    session.stop();
  }
}

describe('editor settings that shape reading', function () {
  this.timeout(30_000);
  const root = tempDir('balancer-lens-read-settings-');
  const site = join(root, 'sites', 'site.conf');
  before(() => {
    mkdirSync(join(root, 'sites'), { recursive: true });
    mkdirSync(join(root, 'server', 'conf'), { recursive: true });
    writeFileSync(site, SITE);
    writeFileSync(join(root, 'server', 'conf', 'members.conf'), 'BalancerMember balancer://app http://10.0.0.1 loadfactor=0\n');
    writeFileSync(join(root, 'env'), 'export APACHE_LOG_DIR=/var/log/apache2$SUFFIX\n');
  });

  it('reads nothing extra by default', async () => {
    const found = await editorFindings(root, site, {});
    assert.ok(found.includes('undefined-variable'), found.join(' '));
    assert.ok(found.includes('include-failed'), found.join(' '));
    assert.ok(!found.includes('zero-loadfactor'), found.join(' '));
  });

  it('takes ${NAME} from envFile, <IfDefine> from defines and Include paths from serverRoot, as lint does', async () => {
    const settings = { envFile: 'env', defines: ['SSL', 'SUFFIX=-site'], serverRoot: 'server' };
    const found = await editorFindings(root, site, settings);
    assert.deepEqual(found, ['zero-loadfactor'], 'no undefined-variable, no include-failed, and the member inside <IfDefine SSL>');
    const { results } = lintJson(['--env-file', 'env', '-D', 'SSL', '-D', 'SUFFIX=-site', '--server-root', 'server', 'sites/site.conf'], {
      cwd: root,
    });
    const ids = results
      .filter((file) => file.filePath.endsWith('site.conf'))
      .flatMap((file) => file.messages.map((message) => message.ruleId))
      .sort();
    assert.deepEqual(ids, found, 'the CLI with the same flags finds the same');
  });

  it("reads Debian's envvars beside the workspace's apache2.conf when envFile is not set, as lint given apache2.conf does", async () => {
    const debian = tempDir('balancer-lens-read-settings-debian-');
    mkdirSync(join(debian, 'sites'));
    writeFileSync(join(debian, 'apache2.conf'), 'IncludeOptional sites/*.conf\n');
    writeFileSync(join(debian, 'envvars'), 'export APACHE_LOG_DIR=/var/log/apache2$SUFFIX\n');
    writeFileSync(join(debian, 'sites', 'site.conf'), SITE);
    const found = await editorFindings(debian, join(debian, 'sites', 'site.conf'), {});
    assert.ok(!found.includes('undefined-variable'), found.join(' '));
  });
});
