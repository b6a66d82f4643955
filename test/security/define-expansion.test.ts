/**
 * `Define V1 ${V0}${V0}` … doubles a value on every line. Apache (2.4, `apache2 -t`) has no bound
 * of its own: 24 lines are "Syntax OK" with an 8 MB value, 30 lines take it 4.7 GB. balancer-lens
 * substitutes as Apache does up to 16 MiB a line, and prints at most a fixed amount per finding.
 */
import { strict as assert } from 'node:assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../support/temp';
import { spawnCli } from '../support/cli';

/** `Define V0 x` and the lines that double it, up to `V{lines - 1}`. */
function doubling(lines: number): string {
  let text = 'Define V0 x\n';
  for (let i = 1; i < lines; i++) text += `Define V${i} \${V${i - 1}}\${V${i - 1}}\n`;
  return text;
}

/** No finding may print more than this, whatever value it quotes (messages cut values at 256 characters). */
const MAX_BYTES_PER_FINDING = 2048;

describe('security: Define doubling', function () {
  this.timeout(60_000);

  const cases: readonly { lines: number; use: string; findings: number; status: number }[] = [
    // Apache: Syntax OK (exit 0) for both.
    { lines: 23, use: '', findings: 0, status: 0 },
    { lines: 24, use: '', findings: 0, status: 0 },
    // Apache: exit 1, "ProxyPass balancer name (balancer://xxx…) too long", its message cut at 8 KB.
    { lines: 23, use: 'ProxyPass / balancer://${V22}', findings: 1, status: 1 },
    // Apache: exit 1, "ProxySet: unknown lbmethod lbmethod=xxx…".
    { lines: 23, use: '<Proxy balancer://a>\nProxySet lbmethod=${V22}\n</Proxy>', findings: 1, status: 1 },
    // Apache: exit 1 twice over, "BalancerMember Route length must be < 64 characters".
    {
      lines: 23,
      use: '<Proxy balancer://a>\nBalancerMember http://h route=${V22}\nBalancerMember http://i route=${V22}\n</Proxy>',
      findings: 2,
      status: 1,
    },
  ];
  for (const { lines, use, findings, status } of cases) {
    for (const format of ['stylish', 'json', 'compact']) {
      it(`${lines} lines${use ? ` then ${JSON.stringify(use)}` : ''} (${format}): exit ${status}, bounded output`, () => {
        const dir = tempDir('balancer-lens-define-');
        writeFileSync(join(dir, 'doubling.conf'), doubling(lines) + (use ? `${use}\n` : ''));
        const run = spawnCli(['lint', '--format', format, 'doubling.conf'], { cwd: dir });
        assert.equal(run.signal, null, `killed: ${run.signal} (output over the buffer, or a hang)`);
        assert.equal(run.status, status, run.stderr);
        assert.ok(run.stdout.length <= 1024 + findings * MAX_BYTES_PER_FINDING, `printed ${run.stdout.length} bytes`);
      });
    }
  }

  it('26 lines (a 32 MiB value): substitution stops at 16 MiB a line, reported, exit 2', () => {
    const dir = tempDir('balancer-lens-define-');
    writeFileSync(join(dir, 'doubling.conf'), doubling(26));
    const run = spawnCli(['lint', '--format', 'json', 'doubling.conf'], { cwd: dir });
    assert.equal(run.status, 2, run.stderr);
    const [result] = JSON.parse(run.stdout) as { messages: { ruleId: string; line: number; message: string }[] }[];
    assert.deepEqual(
      result!.messages.map((message) => [message.ruleId, message.line]),
      [
        ['include-over-limit', 25],
        ['include-over-limit', 26],
      ],
    );
    assert.match(result!.messages[0]!.message, /^"\$\{V23\}" is left as written/);
  });

  it('40 lines: still a bounded run, one finding per line at most', () => {
    const dir = tempDir('balancer-lens-define-');
    writeFileSync(join(dir, 'doubling.conf'), doubling(40));
    const run = spawnCli(['lint', 'doubling.conf'], { cwd: dir });
    assert.equal(run.status, 2, run.stderr);
    assert.ok(run.stdout.length <= 40 * MAX_BYTES_PER_FINDING, `printed ${run.stdout.length} bytes`);
  });
});
