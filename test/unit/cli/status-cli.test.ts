import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCliAsync, type Run } from '../../support/cli';

/** The page Apache 2.4.71 served for CONFIG after 9 requests (members on ports 8081–8083). */
const PAGE = readFileSync(join(__dirname, '../../fixtures/live/manager-2.4.71.html'), 'latin1');
const CONFIG = `<Proxy balancer://t>
  BalancerMember http://127.0.0.1:8081 route=r1
  BalancerMember http://127.0.0.1:8082/ loadfactor=2
  BalancerMember http://127.0.0.1:8083 status=+H lbset=1
</Proxy>
ProxyPass / balancer://t/
`;

/** A request a test server received. */
interface Seen {
  readonly method: string;
  readonly url: string;
  readonly headers: http.IncomingHttpHeaders;
}

/** A loopback server answering as `handle` says; records every request. */
interface TestServer {
  readonly url: string;
  readonly seen: Seen[];
  close(): Promise<void>;
}

const servers: TestServer[] = [];
let folder = '';

async function serve(handle: http.RequestListener): Promise<TestServer> {
  const seen: Seen[] = [];
  const server = http.createServer((request, response) => {
    seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers });
    handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const result = {
    url: `http://127.0.0.1:${port}/balancer-manager`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  servers.push(result);
  return result;
}

function page(text: string, type = 'text/html; charset=ISO-8859-1'): http.RequestListener {
  return (_request, response) => {
    response.writeHead(200, { 'Content-Type': type });
    response.end(text);
  };
}

function status(args: readonly string[], env: Record<string, string> = {}): Promise<Run> {
  return runCliAsync(['status', ...args, join(folder, 'apache2.conf')], { cwd: folder, env: { BALANCER_LENS_STATUS_AUTH: '', ...env } });
}

describe('balancer-lens status', () => {
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'balancer-lens-status-'));
    writeFileSync(join(folder, 'apache2.conf'), CONFIG);
  });
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('exits 0 when the server runs the configuration, after one plain GET of the page', async () => {
    const server = await serve(page(PAGE));
    const run = await status([server.url]);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^http:\/\/127\.0\.0\.1:\d+\/balancer-manager {2}Apache\/2\.4\.71 \(Debian\) {2}runs the configuration$/m);
    assert.match(run.stdout, /^ {2}balancer:\/\/t {2}apache2\.conf:2 {2}byrequests$/m);
    assert.match(run.stdout, /^ {4}http:\/\/127\.0\.0\.1:8082\/ {2}Init Ok {11}elected 6 = 66\.7% \(preview 66\.7%\)$/m);
    assert.match(run.stdout, /traffic: 9 elected requests are too few to judge the shares/);
    assert.deepEqual(
      server.seen.map((seen) => [seen.method, seen.url]),
      [['GET', '/balancer-manager']],
    );
    assert.equal(server.seen[0]!.headers.authorization, undefined);
  });

  it('exits 1 and says what differs: a member drained, one in error, a loadfactor edited', async () => {
    const edited = PAGE.replace('<td>1.00</td><td>0</td><td>Init Ok </td>', '<td>3.00</td><td>0</td><td>Init Drn Ok </td>').replace(
      '<td>2.00</td><td>0</td><td>Init Ok </td>',
      '<td>2.00</td><td>0</td><td>Init Err </td>',
    );
    const server = await serve(page(edited));
    const run = await status([server.url, '--format', 'json']);
    assert.equal(run.status, 1, run.stderr);
    const report = JSON.parse(run.stdout) as {
      differs: boolean;
      servers: {
        error: null;
        differs: boolean;
        persist: boolean;
        balancers: {
          differences: { kind: string; member: string; flag: string | null }[];
          traffic: { verdict: string };
          members: { predictedShare: number }[];
        }[];
      }[];
    };
    assert.equal(report.differs, true);
    const [balancer] = report.servers[0]!.balancers;
    assert.deepEqual(
      balancer!.differences.map((d) => [d.kind, d.member, d.flag]),
      [
        ['status', 'http://127.0.0.1:8081', 'Drn'],
        ['loadfactor', 'http://127.0.0.1:8081', null],
        ['status', 'http://127.0.0.1:8082/', 'Err'],
      ],
    );
    // a drains and b is in error: nothing in lbset 0 takes new requests, so lbset 1's standby takes them all.
    assert.deepEqual(
      balancer!.members.map((m) => m.predictedShare),
      [0, 0, 1],
    );
    assert.equal(report.servers[0]!.persist, false);
  });

  it('writes markdown for a job summary', async () => {
    const server = await serve(page(PAGE.replace('Init Stby Ok', 'Init Stby Dis')));
    const run = await status([server.url, '-f', 'markdown']);
    assert.equal(run.status, 1, run.stderr);
    assert.match(run.stdout, /^#### http\\:\/\/127\.0\.0\.1:\d+\/balancer-manager — ✗ differs from the configuration$/m);
    assert.match(run.stdout, /^\| `http:\/\/127\.0\.0\.1:8081` \| Init Ok \| 1\.00 \| 0 \| 3 \(33\.3%\) \| 33\.3% \|$/m);
    assert.match(run.stdout, /^- ✗ `http:\/\/127\.0\.0\.1:8083`: Dis on the running server, not in the configuration/m);
  });

  it('compares several servers at once, at most 8 in flight, reported in the order given', async function () {
    this.timeout(120_000);
    // Every answer is held until all 10 requests have come, or until none has come for 2 s (the 9th
    // cannot come while 8 are in flight): what is in flight at once is then counted, not timed.
    let inFlight = 0;
    let most = 0;
    const held: (() => void)[] = [];
    let quiet: NodeJS.Timeout | undefined;
    const release = (): void => {
      clearTimeout(quiet);
      for (const answer of held.splice(0)) answer();
    };
    const slow: http.RequestListener = (_request, response) => {
      inFlight++;
      most = Math.max(most, inFlight);
      held.push(() => {
        inFlight--;
        response.writeHead(200, { 'Content-Type': 'text/html' });
        response.end(PAGE);
      });
      clearTimeout(quiet);
      if (fleet.every((server) => server.seen.length > 0)) release();
      else quiet = setTimeout(release, 2000);
    };
    const fleet = await Promise.all(Array.from({ length: 10 }, () => serve(slow)));
    const run = await status(fleet.map((server) => server.url));
    assert.equal(run.status, 0, run.stderr);
    assert.equal(most, 8);
    const order = [...run.stdout.matchAll(/^(http:\/\/\S+)/gm)].map((match) => match[1]);
    assert.deepEqual(
      order,
      fleet.map((server) => server.url),
    );
  });

  describe('credentials', () => {
    it('sends BALANCER_LENS_STATUS_AUTH as Basic credentials and never prints them', async () => {
      const server = await serve((request, response) => {
        if (request.headers.authorization !== `Basic ${Buffer.from('admin:s3cret').toString('base64')}`) {
          response.writeHead(401, { 'WWW-Authenticate': 'Basic realm="bm"' }).end();
          return;
        }
        page(PAGE)(request, response);
      });
      const refused = await status([server.url]);
      assert.equal(refused.status, 2);
      assert.match(refused.stderr, /HTTP 401: the page needs credentials \(BALANCER_LENS_STATUS_AUTH=user:password, or --netrc-file\)/);
      const wrong = await status([server.url], { BALANCER_LENS_STATUS_AUTH: 'admin:wrong' });
      assert.match(wrong.stderr, /HTTP 401: the credentials given were refused/);
      const run = await status([server.url, '--format', 'json'], { BALANCER_LENS_STATUS_AUTH: 'admin:s3cret' });
      assert.equal(run.status, 0, run.stderr);
      assert.doesNotMatch(run.stdout + run.stderr + wrong.stdout + wrong.stderr, /s3cret|wrong|YWRtaW4/);
    });

    it('takes a host’s credentials from --netrc-file before the variable', async () => {
      const server = await serve(page(PAGE));
      writeFileSync(join(folder, 'netrc'), 'machine other login x password y\nmachine 127.0.0.1\n  login ops\n  password pw\n');
      const run = await status([server.url, '--netrc-file', 'netrc'], { BALANCER_LENS_STATUS_AUTH: 'env:user' });
      assert.equal(run.status, 0, run.stderr);
      assert.equal(server.seen[0]!.headers.authorization, `Basic ${Buffer.from('ops:pw').toString('base64')}`);
    });

    it('refuses credentials in the URL without repeating them, and sends nothing', async () => {
      const server = await serve(page(PAGE));
      const run = await status([server.url.replace('//', '//admin:hunter2@')]);
      assert.equal(run.status, 2);
      assert.match(
        run.stderr,
        /URL 1: credentials do not belong in the URL: set BALANCER_LENS_STATUS_AUTH=user:password or use --netrc-file/,
      );
      assert.doesNotMatch(run.stdout + run.stderr, /hunter2/);
      assert.equal(server.seen.length, 0);
    });

    it('does not send credentials on to another origin a redirect names', async () => {
      const other = await serve(page(PAGE));
      const first = await serve((_request, response) => response.writeHead(302, { Location: other.url }).end());
      const run = await status([first.url], { BALANCER_LENS_STATUS_AUTH: 'admin:s3cret' });
      assert.equal(run.status, 0, run.stderr);
      assert.notEqual(first.seen[0]!.headers.authorization, undefined);
      assert.equal(other.seen[0]!.headers.authorization, undefined);
    });
  });

  describe('never a request that changes the balancer', () => {
    for (const query of ['?b=t&w=http://127.0.0.1:8081&nonce=n&w_status_D=1', '?xml=1', '?'])
      it(`refuses the URL …/balancer-manager${query} and sends nothing`, async () => {
        const server = await serve(page(PAGE));
        const run = await status([server.url + query]);
        assert.equal(run.status, 2);
        assert.match(run.stderr, /a query is never sent to a balancer-manager/);
        assert.equal(server.seen.length, 0);
      });

    it('does not follow a redirect to a URL with a query', async () => {
      const server = await serve((request, response) => {
        if (request.url === '/balancer-manager') response.writeHead(302, { Location: '/balancer-manager?b=t&nonce=n&w_status_D=1' }).end();
        else page(PAGE)(request, response);
      });
      const run = await status([server.url]);
      assert.equal(run.status, 2);
      assert.match(run.stderr, /a redirect to http:\/\/127\.0\.0\.1:\d+\/balancer-manager is not followed: a query is never sent/);
      assert.deepEqual(
        server.seen.map((seen) => seen.url),
        ['/balancer-manager'],
      );
    });
  });

  describe('hostile or wrong pages: a clear error, exit 2, never a hang', () => {
    const cases: readonly [string, http.RequestListener, RegExp, string[]?][] = [
      [
        'a login page',
        page('<html><head><title>Sign in</title><script>while(1){}</script></head><body></body></html>'),
        /not a balancer-manager page \(its title is "Sign in"\)/,
      ],
      [
        'a script-laden page posing as the manager',
        page('<h1>Load Balancer Manager for x</h1><h3>LoadBalancer Status for <a><script>alert(1)</script></a></h3>'),
        /names no balancer:\/\//,
      ],
      [
        'an endless page',
        (_request, response) => {
          response.writeHead(200, { 'Content-Type': 'text/html' });
          const chunk = Buffer.alloc(1024 * 1024, 'x');
          const write = (): void => {
            while (response.write(chunk));
            response.once('drain', write);
          };
          write();
        },
        /the page is larger than 16 MB/,
      ],
      [
        'a page that says it is huge',
        (_request, response) => response.writeHead(200, { 'Content-Length': String(1024 ** 3) }).end(),
        /the page is larger than 16 MB/,
      ],
      ['a server that never answers', () => undefined, /no answer within 0\.3 s/, ['--timeout', '0.3']],
      [
        'a page that drips a byte at a time',
        (_request, response) => {
          response.writeHead(200, { 'Content-Type': 'text/html' });
          const timer = setInterval(() => response.write('<'), 20);
          response.on('close', () => clearInterval(timer));
        },
        /no answer within 0\.5 s/,
        ['--timeout', '0.5'],
      ],
      [
        'a redirect loop',
        (_request, response) => response.writeHead(301, { Location: '/balancer-manager' }).end(),
        /more than 3 redirects/,
      ],
      [
        'a 404',
        (_request, response) => response.writeHead(404).end(),
        /HTTP 404: no page at this URL \(is SetHandler balancer-manager on this path\?\)/,
      ],
      ['a compressed page', (_request, response) => response.writeHead(200, { 'Content-Encoding': 'gzip' }).end('x'), /gzip-encoded/],
    ];
    for (const [what, handle, message, flags = []] of cases)
      it(`${what}`, async () => {
        // The message is the bound's own (the size, the time-out, the redirects): a run that never
        // ended would meet only mocha's time-out, a safety net.
        const server = await serve(handle);
        const run = await status([server.url, ...flags]);
        assert.equal(run.status, 2, run.stdout);
        assert.match(run.stderr, message);
        assert.match(run.stdout, /cannot be compared/);
      });

    it('a refused connection', async () => {
      const server = await serve(page(PAGE));
      await server.close();
      const run = await status([server.url]);
      assert.equal(run.status, 2);
      assert.match(run.stderr, /connection refused/);
    });

    it('a page with a control character in a member name prints it escaped', async () => {
      const server = await serve(page(PAGE.replace('>http://127.0.0.1:8081</a>', '>http://127.0.0.1:8081\u001b[31m\n::error::x</a>')));
      const run = await status([server.url]);
      assert.equal(run.status, 1);
      assert.doesNotMatch(run.stdout, /\u001b|\n::error/);
    });
  });

  it('refuses a bad format, a bad timeout and no URL', async () => {
    assert.match((await status(['--format', 'xml', 'http://127.0.0.1:1/'])).stderr, /unknown format 'xml': use text, json, markdown/);
    assert.match((await status(['--timeout', '0', 'http://127.0.0.1:1/'])).stderr, /--timeout takes seconds from 0\.1 to 600, not '0'/);
    assert.match(
      (await status(['--timeout', '0.05', 'http://127.0.0.1:1/'])).stderr,
      /--timeout takes seconds from 0\.1 to 600, not '0\.05'/,
    );
    assert.match((await status([])).stderr, /status needs the URL of a balancer-manager page/);
  });
});
