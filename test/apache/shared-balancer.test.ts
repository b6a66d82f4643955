// A main-server balancer and its virtual-host copies share their members: mod_proxy.c's
// merge_balancers copies the balancer struct (so the copy points at the same workers), and
// mod_proxy_balancer.c's balancer_post_config shares each of those workers with each server's slot,
// so every copy reads and writes one lbstatus per member. Requests alternating between the main
// server and a virtual host (or between two virtual hosts) then form one byrequests sequence;
// balancers defined separately in each server stay independent. Each case sends requests
// interleaved across two front ports and name-based virtual hosts, and compares every pick with
// what `schedule --format json` predicts from its `servers` (which servers share one schedule).
// The settings each server's copy ends with (lbmethod, sticky session, failover, timeout, members)
// are read from each server's balancer-manager page and compared with the model's balancers.
import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { analyze } from '../../server/src/core/analysis';
import { parseManagerPage } from '../../server/src/core/live/manager-page';
import type { Balancer, ServerScope } from '../../server/src/core/model/model';
import type { Section } from '../../server/src/core/syntax/tree';
import {
  ApacheServer,
  BackendPool,
  baseConfigLines,
  cleanAfterEach,
  editInManager,
  fillPlaceholders,
  freePort,
  httpGet,
  launchApache,
  PerTest,
  pickOfUrl,
  requestPick,
  backendsForSuite,
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

/**
 * Apache on two front ports with `lines` (`PORT_B` the second port, `{a}`/`{b}` backends) included
 * after the private server lines: the main server answers on the first port, the name-based virtual
 * hosts on the second.
 */
async function launch(
  perTest: PerTest,
  lines: readonly string[],
  pool: BackendPool,
): Promise<{ apache: ApacheServer; portB: number; fragment: string }> {
  const dir = await perTest.scratch();
  const [portA, portB] = [await freePort(), await freePort()];
  const fragment = join(dir, 'servers.conf');
  await writeFile(fragment, fillPlaceholders(lines.join('\n').replaceAll('PORT_B', String(portB)), pool.backends) + '\n');
  await mkdir(join(dir, 'run'));
  const config = join(dir, 'httpd.conf');
  await writeFile(config, [...baseConfigLines(dir, portA), `Listen 127.0.0.1:${portB}`, `Include "${fragment}"`, ''].join('\n'));
  const outcome = await launchApache(dir, config, portA);
  if (!outcome.started) throw new Error(`Apache did not start:\n${outcome.log}`);
  return { apache: perTest.stopAfter(outcome.server), portB, fragment };
}

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
  const backends = backendsForSuite(['a', 'b']);

  for (const test of CASES) {
    it(test.name, async () => {
      const { apache, portB, fragment } = await launch(perTest, test.lines, backends());
      const observed: string[] = [];
      for (const server of test.requests)
        observed.push((await requestPick(server === 'main' ? apache.port : portB, server === 'main' ? undefined : server)) ?? '503');
      const predicted = predict(await runScheduleAll(fragment, test.requests.length), test, backends());
      assert.deepEqual(predicted, observed);
    });
  }
});

/** What a balancer-manager page shows of one balancer; the same read from the model. */
interface Settings {
  readonly lbmethod: string;
  readonly stickysession: string;
  readonly disableFailover: string;
  readonly timeout: string;
  readonly failoverAttempts: string;
  readonly members: readonly string[];
}

interface SettingsCase {
  readonly name: string;
  readonly lines: readonly string[];
  /** The servers whose balancer-manager pages are compared. */
  readonly servers: readonly Server[];
}

/** A balancer-manager in every server: the main server's `<Location>` reaches the virtual hosts, each excludes it from its own ProxyPass. */
const MANAGER = ['<Location "/balancer-manager">', '    SetHandler balancer-manager', '</Location>', 'ProxyPass "/balancer-manager" !'];
const MANAGED = (name: string, ...body: string[]): string[] => vhost(name, '    ProxyPass "/balancer-manager" !', ...body);

const SETTINGS_CASES: readonly SettingsCase[] = [
  {
    name: "a virtual host's ProxyPass makes its own copy: its lbmethod and sticky session, the main server's failover and timeout",
    lines: [
      ...MANAGER,
      '<Proxy "balancer://t">',
      '    BalancerMember http://{a}',
      '    BalancerMember http://{b}',
      '    ProxySet lbmethod=bytraffic stickysession=MAINSESS timeout=7 maxattempts=3 nofailover=On',
      '</Proxy>',
      'ProxyPass "/" "balancer://t/"',
      ...MANAGED('x.test', '    ProxyPass "/" "balancer://t/" stickysession=HOSTSESS'),
    ],
    servers: ['main', 'x.test'],
  },
  {
    name: "a virtual host's own <Proxy> of the same name: its members are dropped, its lbmethod and timeout kept",
    lines: [
      ...MANAGER,
      ...MAIN_T,
      'ProxyPass "/" "balancer://t/"',
      ...MANAGED(
        'x.test',
        '    <Proxy "balancer://t">',
        '        BalancerMember http://{b}/own',
        '        ProxySet lbmethod=bybusyness timeout=9',
        '    </Proxy>',
        '    ProxyPass "/" "balancer://t/"',
      ),
    ],
    servers: ['main', 'x.test'],
  },
  {
    name: "a virtual host that only inherits the main server's ProxyPass uses the main balancer, lbmethod included",
    lines: [
      ...MANAGER,
      '<Proxy "balancer://t">',
      '    BalancerMember http://{a}',
      '    BalancerMember http://{b}',
      '    BalancerMember http://{b}/third',
      '    ProxySet lbmethod=bytraffic stickysession=MAINSESS',
      '</Proxy>',
      'ProxyPass "/" "balancer://t/"',
      ...MANAGED('x.test'),
    ],
    servers: ['main', 'x.test'],
  },
  {
    name: 'a main-server ProxySet after the virtual host still reaches its copy, but for the lbmethod',
    lines: [
      ...MANAGER,
      ...MAIN_T,
      'ProxyPass "/" "balancer://t/"',
      ...MANAGED('x.test', '    ProxyPass "/" "balancer://t/"'),
      'ProxySet "balancer://t" lbmethod=bytraffic timeout=4 nofailover=On',
    ],
    servers: ['main', 'x.test'],
  },
  {
    name: 'BalancerInherit Off alone: the copy still takes the main members',
    lines: [
      ...MANAGER,
      ...MAIN_T,
      'ProxyPass "/" "balancer://t/"',
      ...MANAGED(
        'x.test',
        '    BalancerInherit Off',
        '    <Proxy "balancer://t">',
        '        BalancerMember http://{b}/own',
        '    </Proxy>',
      ),
    ],
    servers: ['main', 'x.test'],
  },
  {
    name: 'both inherit switches off: its own members and settings; a ProxyPass to a main-only balancer reaches an empty one',
    lines: [
      ...MANAGER,
      ...MAIN_T,
      '<Proxy "balancer://m">',
      '    BalancerMember http://{a}/m',
      '</Proxy>',
      'ProxyPass "/" "balancer://t/"',
      ...MANAGED(
        'x.test',
        '    BalancerInherit Off',
        '    ProxyPassInherit Off',
        '    <Proxy "balancer://t">',
        '        BalancerMember http://{b}/own',
        '        ProxySet lbmethod=bybusyness stickysession=OWN',
        '    </Proxy>',
        '    ProxyPass "/m/" "balancer://m/"',
        '    ProxyPass "/" "balancer://t/"',
      ),
      ...MANAGED('y.test', '    BalancerInherit Off', '    ProxyPassInherit Off'),
    ],
    servers: ['main', 'x.test', 'y.test'],
  },
];

/** The `ServerName` of a virtual host section. */
function serverNameOf(section: Section): string | undefined {
  for (const node of section.children)
    if (node.kind === 'directive' && node.name.toLowerCase() === 'servername') return node.args[0]?.value;
  return undefined;
}

function isServer(scope: ServerScope, server: Server): boolean {
  return server === 'main' ? scope.kind === 'main' : scope.kind === 'vhost' && serverNameOf(scope.section) === server;
}

/**
 * The balancers a server's manager page lists, as the model has them: its own (a virtual host's
 * inheriting copy included), else the main server's it shares. FailoverAttempts defaults to the
 * number of members less one, as balancer_post_config sets an unset maxattempts.
 */
function modelSettings(balancers: readonly Balancer[], server: Server): Map<string, Settings> {
  const serving = balancers.filter((balancer) => isServer(balancer.scope, server));
  for (const balancer of balancers)
    if (balancer.sharedAcross?.some((scope) => isServer(scope, server)) && !serving.some((own) => own.name === balancer.name))
      serving.push(balancer);
  return new Map(
    serving.map((balancer) => [
      balancer.name,
      {
        lbmethod: balancer.params.lbmethod ?? 'byrequests',
        stickysession: balancer.params.stickysession ?? '(None)',
        disableFailover: balancer.params.nofailover ? 'On' : 'Off',
        timeout: String(Math.floor(balancer.params.timeout ?? 0)),
        failoverAttempts: String(balancer.params.maxattempts ?? Math.max(balancer.members.length - 1, 0)),
        members: balancer.members.map((member) => member.name),
      },
    ]),
  );
}

/** The balancers of a balancer-manager page: the settings row under each heading, and the members' names. */
function pageSettings(html: string): Map<string, Settings> {
  const read = parseManagerPage(html);
  if ('error' in read) throw new Error(read.error);
  const rows = [...html.matchAll(/<th>Active<\/th><\/tr>\s*<tr>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...row[1]!.matchAll(/<td>([\s\S]*?)<\/td>/g)].map((cell) => cell[1]!.trim()),
  );
  assert.equal(rows.length, read.page.balancers.length, 'a settings row per balancer');
  return new Map(
    read.page.balancers.map((balancer, index) => {
      const [, sticky, disableFailover, timeout, failoverAttempts, lbmethod] = rows[index]!;
      return [
        balancer.name,
        {
          lbmethod: lbmethod!,
          stickysession: sticky!,
          disableFailover: disableFailover!,
          timeout: timeout!,
          failoverAttempts: failoverAttempts!,
          members: balancer.members.map((member) => member.name),
        },
      ];
    }),
  );
}

describe("real Apache: what each server's copy of a balancer is set to", function () {
  const perTest = cleanAfterEach();
  const backends = backendsForSuite(['a', 'b']);

  for (const test of SETTINGS_CASES) {
    it(test.name, async () => {
      const { apache, portB, fragment } = await launch(perTest, test.lines, backends());
      const { model } = analyze(await readFile(fragment, 'utf8'), { epochSeconds: 0 });
      for (const server of test.servers) {
        const page = await httpGet(server === 'main' ? apache.port : portB, '/balancer-manager', server === 'main' ? undefined : server);
        assert.equal(page.status, 200, `${server}: ${page.body.slice(0, 200)}`);
        assert.deepEqual(
          Object.fromEntries(modelSettings(model.balancers, server)),
          Object.fromEntries(pageSettings(page.body)),
          `the balancers of ${server}`,
        );
      }
    });
  }
});

describe('real Apache: a balancer-manager edit in the main server reaches every server sharing the balancer', function () {
  const perTest = cleanAfterEach();
  const backends = backendsForSuite(['a', 'b']);

  it('disabling a member in the main server takes it out of the inheriting host, not of a host with its own balancer', async () => {
    const lines = [
      ...MANAGER,
      ...MAIN_T,
      'ProxyPass "/" "balancer://t/"',
      ...MANAGED('x.test'),
      ...MANAGED(
        'y.test',
        '    BalancerInherit Off',
        '    ProxyPassInherit Off',
        '    <Proxy "balancer://t">',
        '        BalancerMember http://{a} loadfactor=2',
        '        BalancerMember http://{b}',
        '    </Proxy>',
        '    ProxyPass "/" "balancer://t/"',
      ),
    ];
    const pool = backends();
    const { apache, portB, fragment } = await launch(perTest, lines, pool);
    const memberA = `http://127.0.0.1:${pool.backends.find((backend) => backend.name === 'a')!.port}`;
    await editInManager(apache.port, '/balancer-manager', 't', memberA, { w_status_D: '1' });
    const requests = alternate(['x.test', 'y.test'], 12);
    const observed: string[] = [];
    for (const server of requests) observed.push((await requestPick(portB, server)) ?? '503');
    // The inheriting host takes its picks as if a were down; the host with its own balancer, as configured.
    const [downed, configured] = [
      await runScheduleAll(fragment, requests.length, [memberA]),
      await runScheduleAll(fragment, requests.length),
    ];
    const xPicks = predict(downed, { name: '', lines, requests: requests.filter((server) => server === 'x.test') }, pool);
    const yPicks = predict(configured, { name: '', lines, requests: requests.filter((server) => server === 'y.test') }, pool);
    assert.deepEqual(
      observed,
      requests.map((server, index) => (server === 'x.test' ? xPicks : yPicks)[Math.floor(index / 2)]!),
    );
    assert.ok(observed.includes('a'), 'the host with its own balancer still sends requests to a');
  });
});
