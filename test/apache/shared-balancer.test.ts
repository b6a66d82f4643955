// A main-server balancer and its virtual-host copies share their members: mod_proxy.c's
// merge_balancers copies the balancer struct (so the copy points at the same workers), and
// mod_proxy_balancer.c's balancer_post_config shares each of those workers with each server's slot,
// so every copy reads and writes one lbstatus per member. Requests alternating between the main
// server and a virtual host (or between two virtual hosts) then form one byrequests sequence;
// balancers defined separately in each server stay independent. Each case sends requests
// interleaved across two front ports and name-based virtual hosts, and compares every pick with
// what `schedule --format json` predicts from its `servers` (which servers share one schedule).
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  assertApacheInstalled,
  BackendPool,
  baseConfigLines,
  cleanAfterEach,
  fillPlaceholders,
  freePort,
  launchApache,
  pickOfUrl,
  requestPick,
  startBackends,
} from './harness';
import { runScheduleAll, ScheduledBalancer } from './scheduleCli';

/** `main` (the first port, no Host header) or the ServerName of a virtual host on the second port. */
type Server = 'main' | 'x.test' | 'y.test';

interface Case {
  readonly name: string;
  /** The fragment: `{a}`/`{b}` are backends, `PORT_B` the second port. */
  readonly lines: readonly string[];
  /** The order requests arrive in, each at one server. */
  readonly requests: readonly Server[];
  /** The balancer each server's `ProxyPass /` sends to, when not balancer://t. */
  readonly target?: Partial<Record<Server, string>>;
}

const MAIN_T = ['<Proxy "balancer://t">', '    BalancerMember http://{a} loadfactor=2', '    BalancerMember http://{b}', '</Proxy>'];
const vhost = (name: string, ...body: string[]): string[] => [
  '<VirtualHost 127.0.0.1:PORT_B>',
  `    ServerName ${name}`,
  ...body,
  '</VirtualHost>',
];
const alternate = (servers: readonly Server[], count: number): Server[] =>
  Array.from({ length: count }, (_, i) => servers[i % servers.length]!);

const CASES: readonly Case[] = [
  {
    name: 'a virtual host without a balancer of its own inherits ProxyPass and balancer',
    lines: [...MAIN_T, 'ProxyPass "/" "balancer://t/"', ...vhost('x.test')],
    requests: alternate(['main', 'x.test'], 12),
  },
  {
    name: "a virtual host's own members of the same name are dropped: one schedule",
    lines: [
      ...MAIN_T,
      'ProxyPass "/" "balancer://t/"',
      ...vhost(
        'x.test',
        '    <Proxy "balancer://t">',
        '        BalancerMember http://{b}',
        '    </Proxy>',
        '    ProxyPass "/" "balancer://t/"',
      ),
    ],
    requests: alternate(['main', 'x.test'], 12),
  },
  {
    name: 'BalancerInherit Off alone still inherits (ProxyPassInherit is On): one schedule',
    lines: [
      ...MAIN_T,
      'ProxyPass "/" "balancer://t/"',
      ...vhost(
        'x.test',
        '    BalancerInherit Off',
        '    <Proxy "balancer://t">',
        '        BalancerMember http://{b}',
        '    </Proxy>',
        '    ProxyPass "/" "balancer://t/"',
      ),
    ],
    requests: alternate(['main', 'x.test'], 12),
  },
  {
    name: 'BalancerInherit Off and ProxyPassInherit Off: the same members, two schedules',
    lines: [
      ...MAIN_T,
      'ProxyPass "/" "balancer://t/"',
      ...vhost(
        'x.test',
        '    BalancerInherit Off',
        '    ProxyPassInherit Off',
        '    <Proxy "balancer://t">',
        '        BalancerMember http://{a} loadfactor=2',
        '        BalancerMember http://{b}',
        '    </Proxy>',
        '    ProxyPass "/" "balancer://t/"',
      ),
    ],
    requests: alternate(['main', 'x.test'], 12),
  },
  {
    name: 'two name-based virtual hosts using the main server balancer share it',
    lines: [...MAIN_T, ...vhost('x.test', '    ProxyPass "/" "balancer://t/"'), ...vhost('y.test', '    ProxyPass "/" "balancer://t/"')],
    requests: alternate(['x.test', 'y.test', 'y.test'], 15),
  },
  {
    // No ProxyPass in the main server: a vhost always tries the main server's ProxyPass lines first
    // (merge_proxy_config appends `aliases` whatever ProxyPassInherit says), so y.test would reach t.
    name: 'a balancer of another name with the same members stays independent',
    lines: [
      ...MAIN_T,
      ...vhost('x.test', '    ProxyPass "/" "balancer://t/"'),
      ...vhost(
        'y.test',
        '    <Proxy "balancer://u">',
        '        BalancerMember http://{a}/u loadfactor=2',
        '        BalancerMember http://{b}/u',
        '    </Proxy>',
        '    ProxyPass "/" "balancer://u/"',
      ),
    ],
    requests: alternate(['x.test', 'y.test'], 12),
    target: { 'y.test': 'balancer://u' },
  },
  {
    name: 'the main server, an inheriting and a separate virtual host, interleaved',
    lines: [
      ...MAIN_T,
      'ProxyPass "/" "balancer://t/"',
      ...vhost('x.test'),
      ...vhost(
        'y.test',
        '    BalancerInherit Off',
        '    ProxyPassInherit Off',
        '    <Proxy "balancer://t">',
        '        BalancerMember http://{a} loadfactor=2',
        '        BalancerMember http://{b}',
        '    </Proxy>',
        '    ProxyPass "/" "balancer://t/"',
      ),
    ],
    requests: alternate(['main', 'x.test', 'y.test', 'x.test'], 16),
  },
];

/** The report scope (`main`, `vhost:LINE`) of a server: the line of the `<VirtualHost>` whose ServerName it is. */
function scopeOf(server: Server, lines: readonly string[]): string {
  if (server === 'main') return 'main';
  const named = lines.findIndex((line) => line.trim() === `ServerName ${server}`);
  return `vhost:${named}`; // the <VirtualHost> line is the one before, and lines count from 1
}

/** What the product predicts: each request takes the next pick of the schedule its server uses. */
function predict(reports: readonly ScheduledBalancer[], test: Case, pool: BackendPool): string[] {
  const taken = new Map<ScheduledBalancer, number>();
  return test.requests.map((server) => {
    const name = test.target?.[server] ?? 'balancer://t';
    const scope = scopeOf(server, test.lines);
    const report = reports.find((candidate) => candidate.name === name && candidate.servers.includes(scope));
    if (!report) throw new Error(`no schedule of ${name} serves ${scope}: ${JSON.stringify(reports.map((r) => [r.name, r.servers]))}`);
    // Reports listing the same servers are one schedule (a vhost's merged copy and the main balancer).
    const shared = reports.find((candidate) => candidate.name === name && candidate.servers.join() === report.servers.join()) ?? report;
    const position = taken.get(shared) ?? 0;
    taken.set(shared, position + 1);
    const url = report.picks[position];
    return url === null || url === undefined ? '503' : (pickOfUrl(url, pool.backends) ?? '503');
  });
}

describe('real Apache: a main-server balancer and its virtual-host copies share one schedule', function () {
  const perTest = cleanAfterEach();
  let pool: BackendPool | undefined;

  before(async () => {
    assertApacheInstalled();
    pool = await startBackends(['a', 'b']);
  });
  after(async () => pool?.close());

  for (const test of CASES) {
    it(test.name, async () => {
      const dir = await perTest.scratch();
      const [portA, portB] = [await freePort(), await freePort()];
      const fragment = join(dir, 'servers.conf');
      await writeFile(fragment, fillPlaceholders(test.lines.join('\n').replaceAll('PORT_B', String(portB)), pool!.backends) + '\n');
      await mkdir(join(dir, 'run'));
      const config = join(dir, 'httpd.conf');
      await writeFile(config, [...baseConfigLines(dir, portA), `Listen 127.0.0.1:${portB}`, `Include "${fragment}"`, ''].join('\n'));
      const outcome = await launchApache(dir, config, portA);
      if (!outcome.started) throw new Error(`Apache did not start:\n${outcome.log}`);
      const apache = perTest.stopAfter(outcome.server);
      const observed: string[] = [];
      for (const server of test.requests)
        observed.push((await requestPick(server === 'main' ? apache.port : portB, server === 'main' ? undefined : server)) ?? '503');
      const predicted = predict(await runScheduleAll(fragment, test.requests.length), test, pool!);
      assert.deepEqual(predicted, observed);
    });
  }
});
