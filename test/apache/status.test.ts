// `balancer-lens status` against a real Apache: a private instance with a balancer-manager and
// loopback backends takes traffic, an admin changes members through the manager (drain, disable,
// loadfactor, as the manager's own form posts them, nonce and Referer included: the test does, the
// tool never does), a backend stops so its member goes to Err, and every report is checked against
// the page and the traffic the backends saw. Run: npm run build && npx mocha --no-config --require tsx/cjs --timeout 120000 test/apache/status.test.ts
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import * as http from 'node:http';
import { join } from 'node:path';
import { parseManagerPage, type ManagerPage } from '../../server/src/core/live/manager-page';
import { spawnCliAsync } from '../support/cli';
import {
  assertApacheInstalled,
  Backend,
  cleanAfterEach,
  editInManager,
  fillPlaceholders,
  httpGet,
  Pick,
  requestPicks,
  startApache,
  startBackends,
  selfSignedCertificate,
} from './harness';

const HOST = '127.0.0.1';
const MANAGER = '/balancer-manager';

/** The balancer Apache runs: a, b (loadfactor 2) and c; the manager excluded from the proxy. */
const RUNNING = `<Location "${MANAGER}">
  SetHandler balancer-manager
</Location>
ProxyPass "${MANAGER}" !
<Proxy "balancer://t">
  BalancerMember "http://{a}" route=ra
  BalancerMember "http://{b}" loadfactor=2
  BalancerMember "http://{c}"
</Proxy>
ProxyPass "/" "balancer://t/"
`;

/** The JSON contract of `status`, as far as the suite reads it. */
interface StatusJson {
  readonly differs: boolean;
  readonly servers: readonly {
    readonly error: string | null;
    readonly differs: boolean | null;
    readonly persist: boolean | null;
    readonly balancers: readonly {
      readonly name: string;
      readonly differences: readonly {
        kind: string;
        member: string | null;
        flag: string | null;
        configured: string | null;
        running: string | null;
      }[];
      readonly members: readonly {
        name: string;
        running: { status: string; elected: number; loadfactor: number } | null;
        predictedShare: number | null;
      }[];
      readonly traffic: { verdict: string; requests: number; pValue: number | null };
      readonly notes: readonly string[];
    }[];
  }[];
}

/** One running scenario: Apache, its backends by name, the configuration file, and the URL of its manager. */
interface Scenario {
  readonly port: number;
  readonly backends: ReadonlyMap<string, Backend>;
  readonly configFile: string;
  readonly url: string;
  /** Closes one backend: its member's next pick fails and Apache puts it in error. */
  stopBackend(name: string): Promise<void>;
}

describe('status agrees with a real Apache', function () {
  this.timeout(120_000);
  before(assertApacheInstalled);
  const perTest = cleanAfterEach();

  async function scenario(config = RUNNING, isTls = false): Promise<Scenario> {
    // One pool per backend, so that one can be stopped alone.
    const pools = await Promise.all(['a', 'b', 'c'].map(async (name) => perTest.closeAfter(await startBackends([name]))));
    const backends = new Map(pools.map((pool) => [pool.backends[0]!.name, pool.backends[0]!] as const));
    const dir = await perTest.scratch();
    const configFile = join(dir, 'balancers.conf');
    await writeFile(configFile, fillPlaceholders(config, [...backends.values()]));
    const modules = isTls ? [['ssl_module', 'mod_ssl.so'] as const] : [];
    const apache = perTest.stopAfter(await startApache(dir, configFile, modules));
    return {
      port: apache.port,
      backends,
      configFile,
      url: `${isTls ? 'https' : 'http'}://${HOST}:${apache.port}${MANAGER}`,
      stopBackend: (name) => pools.find((pool) => pool.backends[0]!.name === name)!.close(),
    };
  }

  /** `balancer-lens status --format json URL FILE [FLAGS]`, the built binary. */
  async function status(
    at: Scenario,
    configFile = at.configFile,
    flags: readonly string[] = [],
  ): Promise<{ exit: number | null; report: StatusJson; stderr: string }> {
    const run = await spawnCliAsync(['status', '--format', 'json', at.url, configFile, ...flags], {
      env: { ...process.env, BALANCER_LENS_STATUS_AUTH: '' },
    });
    return { exit: run.status, report: JSON.parse(run.stdout) as StatusJson, stderr: run.stderr };
  }

  /** The page as the test reads it itself. */
  async function page(at: Scenario): Promise<ManagerPage> {
    const { status: code, body } = await httpGet(at.port, MANAGER);
    assert.equal(code, 200);
    const parsed = parseManagerPage(body);
    if ('error' in parsed) assert.fail(parsed.error);
    return parsed.page;
  }

  /** What an admin does in the manager, to one member of balancer://t. */
  function edit(at: Scenario, member: string, fields: Record<string, string>): Promise<void> {
    return editInManager(at.port, MANAGER, 't', `http://${HOST}:${at.backends.get(member)!.port}`, fields);
  }

  function counts(picks: readonly Pick[]): Record<string, number> {
    const tally: Record<string, number> = {};
    for (const pick of picks) tally[pick ?? '503'] = (tally[pick ?? '503'] ?? 0) + 1;
    return tally;
  }

  /** The member URL of a backend. */
  function url(at: Scenario, name: string): string {
    return `http://${HOST}:${at.backends.get(name)!.port}`;
  }

  it('a fresh server runs the configuration; after traffic the counts match the backends and the shares', async () => {
    const at = await scenario();
    const fresh = await status(at);
    assert.equal(fresh.exit, 0, fresh.stderr);
    assert.equal(fresh.report.differs, false);
    assert.equal(fresh.report.servers[0]!.persist, false);
    assert.deepEqual(fresh.report.servers[0]!.balancers[0]!.differences, []);

    const picks = await requestPicks(at.port, 400);
    const seen = counts(picks);
    assert.deepEqual(seen, { a: 100, b: 200, c: 100 });
    const after = await status(at);
    assert.equal(after.exit, 0, after.stderr);
    const [balancer] = after.report.servers[0]!.balancers;
    // Every elected count is what the backend answered, and the predicted shares are the scheduler's 1:2:1.
    assert.deepEqual(
      balancer!.members.map((member) => [member.name, member.running?.elected, member.predictedShare]),
      [
        [url(at, 'a'), seen.a, 0.25],
        [url(at, 'b'), seen.b, 0.5],
        [url(at, 'c'), seen.c, 0.25],
      ],
    );
    assert.equal(balancer!.traffic.verdict, 'consistent');
    assert.equal(balancer!.traffic.requests, 400);
  });

  it('an admin drains b, disables c and sets a to loadfactor 3: each is reported, and the shares follow the page', async () => {
    const at = await scenario();
    await requestPicks(at.port, 400);
    await edit(at, 'b', { w_status_N: '1' });
    await edit(at, 'c', { w_status_D: '1' });
    await edit(at, 'a', { w_lf: '3' });
    const shown = await page(at);
    assert.deepEqual(
      shown.balancers[0]!.members.map((member) => [member.statusText, member.lbfactor]),
      [
        ['Init Ok', 300],
        ['Init Drn Ok', 200],
        ['Init Dis', 100],
      ],
    );
    const { exit, report } = await status(at);
    assert.equal(exit, 1);
    const [balancer] = report.servers[0]!.balancers;
    assert.deepEqual(
      balancer!.differences.map((difference) => [
        difference.kind,
        difference.member,
        difference.flag,
        difference.configured,
        difference.running,
      ]),
      [
        ['loadfactor', url(at, 'a'), null, '1.00', '3.00'],
        ['status', url(at, 'b'), 'Drn', '', 'Drn'],
        ['status', url(at, 'c'), 'Dis', '', 'Dis'],
      ],
    );
    // Drained and disabled members take no new requests: a takes all, as the traffic after the edits shows.
    assert.deepEqual(
      balancer!.members.map((member) => member.predictedShare),
      [1, 0, 0],
    );
    assert.deepEqual(counts(await requestPicks(at.port, 30)), { a: 30 });
    assert.equal(balancer!.traffic.verdict, 'not-tested');
  });

  it('a loadfactor changed after traffic: the counts since the start no longer fit the shares, and the test says so', async () => {
    const at = await scenario();
    await requestPicks(at.port, 400);
    await edit(at, 'a', { w_lf: '3' });
    const { exit, report } = await status(at);
    assert.equal(exit, 1);
    const [balancer] = report.servers[0]!.balancers;
    assert.deepEqual(
      balancer!.members.map((member) => member.predictedShare),
      [0.5, 2 / 6, 1 / 6],
    );
    assert.equal(balancer!.traffic.verdict, 'drift');
    assert.ok(balancer!.traffic.pValue! < 0.001);
    // The new weights hold from here on: the backends see 3:2:1.
    assert.deepEqual(counts(await requestPicks(at.port, 60)), { a: 30, b: 20, c: 10 });
  });

  it('a backend stops: its member goes to Err on the page and in the report, and the others take its traffic', async () => {
    const at = await scenario();
    await requestPicks(at.port, 8);
    await at.stopBackend('c');
    const picks = await requestPicks(at.port, 40);
    assert.equal(counts(picks).c, undefined, 'c answers nothing once stopped');
    assert.equal(picks.includes(null), false, 'Apache fails over: no 503');
    const shown = await page(at);
    assert.equal(shown.balancers[0]!.members[2]!.statusText, 'Init Err');
    const { exit, report } = await status(at);
    assert.equal(exit, 1);
    const [balancer] = report.servers[0]!.balancers;
    assert.deepEqual(
      balancer!.differences.map((difference) => [difference.kind, difference.member, difference.flag]),
      [['status', url(at, 'c'), 'Err']],
    );
    assert.deepEqual(
      balancer!.members.map((member) => member.predictedShare),
      [1 / 3, 2 / 3, 0],
    );
  });

  it('a member added to the file but not reloaded, and one removed from it, are reported as such', async () => {
    const at = await scenario();
    const edited = join(await perTest.scratch(), 'edited.conf');
    const text = fillPlaceholders(RUNNING, [...at.backends.values()]);
    await writeFile(edited, text.replace(`  BalancerMember "${url(at, 'c')}"\n`, `  BalancerMember "http://${HOST}:1"\n`));
    const { exit, report } = await status(at, edited);
    assert.equal(exit, 1);
    assert.deepEqual(
      report.servers[0]!.balancers[0]!.differences.map((difference) => [difference.kind, difference.member]),
      [
        ['member-not-running', `http://${HOST}:1`],
        ['member-not-configured', url(at, 'c')],
      ],
    );
  });

  it('BalancerPersist On: the page says edits persist, and the report says they outlive a restart', async () => {
    const at = await scenario(`BalancerPersist On\n${RUNNING}`);
    await edit(at, 'b', { w_ls: '1' });
    const { exit, report } = await status(at);
    assert.equal(exit, 1);
    const server = report.servers[0]!;
    assert.equal(server.persist, true);
    const [balancer] = server.balancers;
    assert.deepEqual(
      balancer!.differences.map((difference) => [difference.kind, difference.configured, difference.running]),
      [['lbset', '0', '1']],
    );
    assert.match(balancer!.notes.join('\n'), /BalancerPersist On: edits made in the balancer-manager survive a restart/);
  });

  it('the XML form Apache serves to a request with its Referer reads to the same members as the HTML', async () => {
    const at = await scenario();
    await requestPicks(at.port, 12);
    await edit(at, 'b', { w_status_N: '1' });
    const xml = await new Promise<string>((resolve, reject) => {
      http
        .get(
          {
            host: HOST,
            port: at.port,
            path: `${MANAGER}?xml=1`,
            agent: false,
            headers: { Referer: `http://${HOST}:${at.port}${MANAGER}` },
          },
          (response) => {
            let body = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => (body += chunk));
            response.on('end', () => resolve(body));
          },
        )
        .on('error', reject);
    });
    const parsed = parseManagerPage(xml);
    if ('error' in parsed) assert.fail(parsed.error);
    assert.equal(parsed.page.form, 'xml');
    const strip = (shown: ManagerPage): unknown =>
      shown.balancers.map((balancer) => ({
        ...balancer,
        stickysession: undefined,
        members: balancer.members.map((member) => ({ ...member, sent: '', received: '' })),
      }));
    assert.deepEqual(strip(parsed.page), strip(await page(at)));
  });

  it('a manager served over HTTPS is read with --ca-file, and refused without it', async () => {
    const dir = await perTest.scratch();
    const { key, cert } = selfSignedCertificate(dir, '127.0.0.1');
    const at = await scenario(`SSLEngine on\nSSLCertificateFile "${cert}"\nSSLCertificateKeyFile "${key}"\n${RUNNING}`, true);
    const trusted = await status(at, at.configFile, ['--ca-file', cert]);
    assert.equal(trusted.exit, 0, trusted.stderr);
    assert.equal(trusted.report.servers[0]!.error, null);
    const untrusted = await status(at);
    assert.equal(untrusted.exit, 2);
    assert.match(untrusted.report.servers[0]!.error ?? '', /self-signed certificate/);
  });
});
