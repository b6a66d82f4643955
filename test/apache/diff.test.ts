// `balancer-lens diff` against a real Apache httpd: for the changes of issue 17, each side is served
// by a fresh Apache, and the shares and routes the diff reports before and after must be what
// Apache does with each side.
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TrafficDiff } from '../../server/src/core/reports/traffic-diff';
import { runCli } from '../support/cli';
import {
  Backend,
  BackendPool,
  cleanAfterEach,
  assertApacheInstalled,
  fillPlaceholders,
  httpGet,
  pickOfUrl,
  requestPicks,
  startApache,
  startBackends,
} from './harness';

/** A `<Proxy "balancer://t">` with one BalancerMember line per argument; `{a}` … stand for the backends. */
const proxy = (...members: string[]): string =>
  ['<Proxy "balancer://t">', ...members.map((member) => `  BalancerMember ${member}`), '</Proxy>'].join('\n');

/** Before and after, as a pull request would change them. */
const SCENARIOS: readonly [title: string, before: string, after: string][] = [
  [
    'loadfactor 70 → 7',
    proxy('http://{a} loadfactor=70', 'http://{b} loadfactor=30'),
    proxy('http://{a} loadfactor=7', 'http://{b} loadfactor=30'),
  ],
  [
    'a member added with status=+H',
    proxy('http://{a}', 'http://{b} loadfactor=2'),
    proxy('http://{a}', 'http://{b} loadfactor=2', 'http://{c} status=+H'),
  ],
  [
    'a member moved to lbset=1',
    proxy('http://{a}', 'http://{b}', 'http://{c} loadfactor=3'),
    proxy('http://{a}', 'http://{b}', 'http://{c} loadfactor=3 lbset=1'),
  ],
];

describe('real Apache: diff reports the shares Apache serves before and after', function () {
  let pool: BackendPool | undefined;
  const perTest = cleanAfterEach();

  before(async function () {
    assertApacheInstalled();
    pool = await startBackends(['a', 'b', 'c']);
  });

  after(async function () {
    await pool?.close();
  });

  /** Writes `config` as the fragment of a new scratch folder. */
  async function fragment(config: string): Promise<{ dir: string; file: string }> {
    const dir = await perTest.scratch();
    const file = join(dir, 'balancer.conf');
    await writeFile(file, `${fillPlaceholders(config, pool!.backends)}\n`);
    return { dir, file };
  }

  /** Each backend's fraction of `count` sequential requests to a fresh Apache serving `side`. */
  async function served(side: { dir: string; file: string }, count: number): Promise<Map<string | null, number>> {
    const apache = perTest.stopAfter(await startApache(side.dir, side.file));
    const picks = await requestPicks(apache.port, count);
    const shares = new Map<string | null, number>();
    for (const pick of picks) shares.set(pick, (shares.get(pick) ?? 0) + 1 / count);
    return shares;
  }

  function diffOf(before: string, after: string): TrafficDiff {
    const result = runCli(['diff', before, after, '--format', 'json']);
    assert.equal(result.status, 1, result.stderr);
    return JSON.parse(result.stdout) as TrafficDiff;
  }

  for (const [title, before, after] of SCENARIOS) {
    it(title, async function () {
      const old = await fragment(before);
      const now = await fragment(after);
      const change = diffOf(old.file, now.file).balancers[0];
      assert.ok(change?.kind === 'changed', JSON.stringify(change));
      const backends: readonly Backend[] = pool!.backends;
      for (const [side, files, cycle] of [
        ['before', old, change.before.cycleLength],
        ['after', now, change.after.cycleLength],
      ] as const) {
        assert.ok(cycle !== null && cycle > 0);
        // Whole cycles only: over them Apache's counts are exact.
        const observed = await served(files, cycle * Math.max(1, Math.floor(60 / cycle)));
        for (const member of change.members) {
          const expected = member[side]?.share ?? 0;
          const got = observed.get(pickOfUrl(member.url, backends)) ?? 0;
          assert.ok(Math.abs(got - expected) < 1e-9, `${side}: ${member.url} served ${got}, diff says ${expected}`);
        }
      }
    });
  }

  it('a ProxyPass "/" added above "/api/": /api/ requests go to the other balancer', async function () {
    const balancers = [proxy('http://{a}'), '<Proxy "balancer://api">', '  BalancerMember http://{b}', '</Proxy>'].join('\n');
    const old = await fragment(`${balancers}\nProxyPass "/api/" "balancer://api/"`);
    const now = await fragment(`${balancers}\nProxyPass "/" "balancer://t/"\nProxyPass "/api/" "balancer://api/"`);
    const route = diffOf(old.file, now.file).routes.find((each) => each.path === '/api/');
    assert.deepEqual([route?.before, route?.after], ['balancer://api', 'balancer://t']);
    // Which backend answers /api/probe on each side: b (balancer://api) before, a (balancer://t) after.
    const answers: string[] = [];
    for (const side of [old, now]) {
      const apache = perTest.stopAfter(await startApache(side.dir, side.file));
      answers.push((await httpGet(apache.port, '/api/probe')).body);
    }
    assert.deepEqual(answers, ['b /probe', 'a /api/probe']);
  });
});
