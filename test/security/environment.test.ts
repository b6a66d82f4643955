// A configuration from a pull request names the variables it uses: none may print a secret from the
// CI job's environment. `${VAR}` reads the process environment only with --env-from-process.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnCli } from '../support/cli';
import { tempDir } from '../support/temp';

const SECRET = 'ghp_S3cretTokenValue0123456789';
const ENV = { BL_SECRET: SECRET };
const FORMATS = ['stylish', 'compact', 'github', 'json', 'sarif'] as const;

/** A configuration that puts the secret where findings quote it: a loadfactor, an lbmethod, a Define, a member URL. */
const CONFIG = `<Proxy balancer://app>
    BalancerMember http://10.0.0.1 loadfactor=\${BL_SECRET}
    BalancerMember http://\${BL_SECRET}:8080
</Proxy>
ProxySet balancer://app lbmethod=\${BL_SECRET}
Define copied \${BL_SECRET}
ProxySet balancer://app growth=\${copied}
ProxyPass / balancer://app/
`;

describe('security: the process environment stays out of the output', function () {
  this.timeout(60_000);
  let dir: string;
  before(() => {
    dir = tempDir('balancer-lens-env-');
    writeFileSync(join(dir, 'app.conf'), CONFIG);
  });

  for (const format of FORMATS) {
    it(`lint --format ${format} does not print an environment variable the configuration names`, () => {
      const run = spawnCli(['lint', 'app.conf', '--format', format], { cwd: dir, env: ENV });
      assert.equal(run.status, 0, run.stderr);
      assert.ok(!`${run.stdout}${run.stderr}`.includes(SECRET), run.stdout);
      assert.match(run.stdout, /BL_SECRET/, 'the finding names the variable');
    });
  }

  it('schedule (text and JSON) does not print it either', () => {
    for (const format of ['text', 'json']) {
      const run = spawnCli(['schedule', 'app.conf', '--format', format], { cwd: dir, env: ENV });
      assert.ok(!`${run.stdout}${run.stderr}`.includes(SECRET), `${format}: ${run.stdout}${run.stderr}`);
    }
  });

  it('an --env-file does not expand $NAME from the process environment', () => {
    writeFileSync(join(dir, 'envvars'), 'export LEAK=$BL_SECRET\nexport LEAK2="${BL_SECRET}"\n');
    writeFileSync(join(dir, 'leak.conf'), '<Proxy balancer://x>\n    BalancerMember http://a loadfactor=${LEAK}${LEAK2}\n</Proxy>\n');
    const run = spawnCli(['lint', 'leak.conf', '--env-file', 'envvars', '--format', 'json'], { cwd: dir, env: ENV });
    assert.equal(run.status, 1, run.stderr);
    assert.ok(!run.stdout.includes(SECRET), run.stdout);
  });

  it('--env-from-process reads it, for those who ask', () => {
    const run = spawnCli(['lint', 'app.conf', '--format', 'compact', '--env-from-process'], { cwd: dir, env: ENV });
    assert.ok(run.stdout.includes(SECRET), run.stdout);
  });
});
