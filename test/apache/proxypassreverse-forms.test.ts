// Which ProxyPassReverse forms map a member's redirect without doubling a slash, on a real Apache
// (issue 26): a member behind `ProxyPass "/api/" …` answers `302 Location: http://<member>/landed`,
// and the client must get `/api/landed`. mod_proxy appends what follows the matched member URL to the
// path as written, so a path ending in `/` before a member URL without one gives `/api//landed`.
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  assertApacheInstalled,
  baseConfigLines,
  cleanAfterEach,
  fillPlaceholders,
  freePort,
  launchApache,
  sendRaw,
  startEchoBackend,
} from './harness';

/**
 * [ProxyPassReverse path, its URL, the member URL (`{a}` is its address), the Location the client gets];
 * a path `<Location /api/>` means the line stands in that section, without a path of its own.
 */
const FORMS: readonly (readonly [path: string, url: string, member: string, location: string])[] = [
  ['/api/', 'balancer://api/', 'http://{a}', '/api//landed'],
  ['/api/', 'balancer://api', 'http://{a}', '/api//landed'],
  ['/api', 'balancer://api/', 'http://{a}', '/api/landed'],
  ['/api', 'balancer://api', 'http://{a}', '/api/landed'],
  ['/api/', 'balancer://api/', 'http://{a}/', '/api/landed'],
  ['/api/', 'http://{a}/', 'http://{a}', '/api/landed'],
  ['/api', 'http://{a}/', 'http://{a}', '/apilanded'],
  ['/api', 'http://{a}', 'http://{a}', '/api/landed'],
  ['/api/', 'http://{a}', 'http://{a}', '/api//landed'],
  ['/', 'balancer://api/', 'http://{a}', '/landed'],
  // a member with a trailing slash takes it from the redirect: then the path must keep its own
  ['/api', 'balancer://api/', 'http://{a}/', '/apilanded'],
  ['/api', 'balancer://api/', 'http://{a}/app', '/api/landed'],
  // a balancer URL with a path: the member redirects under that path, which the line removes with the URL
  ['/api/', 'balancer://api/app/', 'http://{a}', '/api/landed'],
  ['/api', 'balancer://api/app/', 'http://{a}', '/apilanded'],
  ['/api', 'balancer://api/app', 'http://{a}', '/api/landed'],
  ['<Location /api/>', 'balancer://api/', 'http://{a}', '/api//landed'],
  ['<Location /api>', 'balancer://api/', 'http://{a}', '/api/landed'],
];

describe('ProxyPassReverse forms on a real Apache: which ones double a slash', function () {
  this.timeout(60_000);
  const perTest = cleanAfterEach();
  before(() => assertApacheInstalled());

  for (const [path, url, member, location] of FORMS) {
    it(`ProxyPassReverse "${path}" "${url}" with member ${member}: Location ${location}`, async () => {
      const own = /\{a\}(\/app)?/.exec(member)?.[1] ?? '';
      const under = url.startsWith('balancer:') ? url.replace(/^balancer:\/\/api/, '').replace(/\/$/, '') : '';
      const backend = perTest.closeAfter(await startEchoBackend('a', { status: 302, location: `http://{self}${own}${under}/landed` }));
      const dir = await perTest.scratch();
      await mkdir(join(dir, 'run'));
      const port = await freePort();
      const pass = url.startsWith('balancer:') ? `balancer://api${under}/` : `${member}/`;
      const section = /^<Location (\S+)>$/.exec(path)?.[1];
      const lines =
        section === undefined
          ? [`ProxyPass "${path === '/' ? '/' : '/api/'}" "${pass}"`, `ProxyPassReverse "${path}" "${url}"`]
          : [`<Location "${section}">`, `    ProxyPass "${pass}"`, `    ProxyPassReverse "${url}"`, '</Location>'];
      const fragment = ['<Proxy "balancer://api">', `    BalancerMember "${member}"`, '</Proxy>', ...lines].join('\n');
      const file = join(dir, 'httpd.conf');
      await writeFile(file, [...baseConfigLines(dir, port), fillPlaceholders(fragment, [backend]), ''].join('\n'));
      const outcome = await launchApache(dir, file, port);
      assert.ok(outcome.started, outcome.started ? '' : outcome.log);
      perTest.stopAfter(outcome.server);
      const response = await sendRaw(port, { path: path === '/' ? '/x' : '/api/x' });
      assert.equal(response.status, 302);
      assert.equal(response.headers.location, `http://127.0.0.1:${port}${location}`);
    });
  }
});
