import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../../support/cli';
import { tempDir } from '../../support/temp';

const SHOP = `<Proxy "balancer://api">
  BalancerMember "http://10.0.0.1:8080"
  BalancerMember "http://10.0.0.2:8080"
</Proxy>
<VirtualHost *:80>
  ServerName shop.example.com
  <Location "/api/">
    ProxyPass "balancer://api/"
    ProxyPassReverse "balancer://api/"
  </Location>
</VirtualHost>
`;

function shopFolder(): string {
  const dir = tempDir('balancer-lens-trace-');
  writeFileSync(join(dir, 'shop.conf'), SHOP);
  return dir;
}

describe('balancer-lens trace', () => {
  it('prints the JSON contract', () => {
    const cwd = shopFolder();
    const result = runCli(
      [
        'trace',
        'shop.conf',
        '--url',
        'http://shop.example.com/api/v1/x?y=1',
        '--backend-location',
        'http://10.0.0.1:8080/landed',
        '--format',
        'json',
      ],
      { cwd },
    );
    assert.equal(result.status, 0, result.stderr);
    const trace = JSON.parse(result.stdout) as Record<string, unknown> & {
      steps: { what: string; file: string | null; line: number | null }[];
    };
    assert.deepEqual(Object.keys(trace), [
      'handledBy',
      'status',
      'balancer',
      'member',
      'backendRequest',
      'clientLocation',
      'clientSetCookie',
      'steps',
    ]);
    assert.equal(trace.handledBy, 'proxy');
    assert.equal(trace.status, 200);
    assert.equal(trace.balancer, 'balancer://api');
    assert.equal(trace.member, 'http://10.0.0.1:8080');
    assert.deepEqual(trace.backendRequest, {
      method: 'GET',
      url: 'http://10.0.0.1:8080/v1/x?y=1',
      headers: {
        host: '10.0.0.1:8080',
        'x-forwarded-for': '(client address)',
        'x-forwarded-host': 'shop.example.com',
        'x-forwarded-server': 'shop.example.com',
      },
    });
    assert.equal(trace.clientLocation, 'http://shop.example.com/api//landed');
    assert.ok(trace.steps.some((step) => step.file === 'shop.conf' && step.line === 8 && step.what.startsWith('ProxyPass')));
  });

  it('prints the steps with their lines as text', () => {
    const result = runCli(['trace', '--url', 'http://shop.example.com/api/x'], { cwd: shopFolder() });
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /→ ProxyPass \/api\/ → balancer:\/\/api\/ \(shop\.conf:8\)/);
    assert.match(result.stdout, /the member receives: GET http:\/\/10\.0\.0\.1:8080\/x/);
  });

  it('exits 2 for a bad URL, header, status or format, and without --url', () => {
    const cwd = shopFolder();
    for (const args of [
      ['--url', 'ftp://h/'],
      ['--url', '/relative'],
      ['--url', 'http://h/', '--header', 'no colon'],
      ['--url', 'http://h/', '--backend-status', '99'],
      ['--url', 'http://h/', '--format', 'xml'],
      [],
    ]) {
      const result = runCli(['trace', 'shop.conf', ...args], { cwd });
      assert.equal(result.status, 2, args.join(' '));
      assert.match(result.stderr, /^balancer-lens: /);
    }
  });
});
