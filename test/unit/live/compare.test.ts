import assert from 'node:assert/strict';
import { analyze } from '../../../server/src/core/analysis';
import { chiSquareTest, upperGamma } from '../../../server/src/core/live/chi-square';
import { compareLive, type LiveReport } from '../../../server/src/core/live/compare';
import type { LiveMember, ManagerPage } from '../../../server/src/core/live/manager-page';
import { STATUS_BITS } from '../../../server/src/core/model/params';

const CONFIG = `<Proxy balancer://t>
  BalancerMember http://a:8080 route=ra
  BalancerMember http://b:8080 loadfactor=2
  BalancerMember http://c:8080 status=+H
</Proxy>
`;

/** A running member: Init Ok with loadfactor 1, lbset 0, unless `over` says otherwise. */
function live(name: string, over: Partial<LiveMember> = {}): LiveMember {
  return {
    name,
    route: '',
    redirect: '',
    lbfactor: 100,
    lbset: 0,
    statusText: '',
    status: STATUS_BITS.O,
    isUsable: true,
    elected: 0,
    busy: 0,
    load: 0,
    sent: '0',
    received: '0',
    ...over,
  };
}

function report(members: readonly LiveMember[], config = CONFIG, page: Partial<ManagerPage> = {}): LiveReport {
  const analysis = analyze(config, { epochSeconds: 1_700_000_000 });
  return compareLive(
    {
      form: 'html',
      serverVersion: undefined,
      persist: false,
      balancers: [{ name: 'balancer://t', lbmethod: 'byrequests', stickysession: undefined, members }],
      ...page,
    },
    analysis.previews,
    analysis.model.persist,
  );
}

const AS_CONFIGURED = [
  live('http://a:8080', { route: 'ra' }),
  live('http://b:8080', { lbfactor: 200 }),
  live('http://c:8080', { status: STATUS_BITS.O | STATUS_BITS.H }),
];

function kinds(result: LiveReport): string[] {
  return result.balancers.flatMap((b) => b.differences.map((d) => `${d.kind} ${d.member ?? b.name}${d.flag ? ` ${d.flag}` : ''}`));
}

describe('a running balancer against its configuration', () => {
  it('finds nothing when the server runs the configuration', () => {
    const result = report(AS_CONFIGURED);
    assert.deepEqual(kinds(result), []);
    assert.equal(result.differs, false);
  });

  const cases: readonly [string, readonly LiveMember[], readonly string[]][] = [
    ['a member configured but not running', AS_CONFIGURED.slice(0, 2), ['member-not-running http://c:8080']],
    ['a member running but not configured', [...AS_CONFIGURED, live('http://d:8080')], ['member-not-configured http://d:8080']],
    [
      'a member drained in the manager',
      [AS_CONFIGURED[0]!, { ...AS_CONFIGURED[1]!, status: STATUS_BITS.O | STATUS_BITS.N }, AS_CONFIGURED[2]!],
      ['status http://b:8080 Drn'],
    ],
    [
      'a member in error',
      [{ ...AS_CONFIGURED[0]!, status: STATUS_BITS.O | STATUS_BITS.E }, ...AS_CONFIGURED.slice(1)],
      ['status http://a:8080 Err'],
    ],
    ['a standby taken out of standby', [...AS_CONFIGURED.slice(0, 2), live('http://c:8080')], ['status http://c:8080 Stby']],
    [
      'a loadfactor, lbset and route edited',
      [{ ...AS_CONFIGURED[0]!, lbfactor: 300, lbset: 1, route: 'x' }, ...AS_CONFIGURED.slice(1)],
      ['loadfactor http://a:8080', 'lbset http://a:8080', 'route http://a:8080'],
    ],
    ['a worker name in another case of scheme and host', [live('HTTP://A:8080', { route: 'ra' }), ...AS_CONFIGURED.slice(1)], []],
  ];
  for (const [what, members, expected] of cases)
    it(`reports ${what}`, () => {
      const result = report(members);
      assert.deepEqual(kinds(result), expected);
      assert.equal(result.differs, expected.length > 0);
    });

  it('reports a balancer configured but not running, and one running but not configured', () => {
    const result = report([], CONFIG, {
      balancers: [{ name: 'balancer://old', lbmethod: 'byrequests', stickysession: undefined, members: [live('http://z')] }],
    });
    assert.deepEqual(kinds(result), ['balancer-not-configured balancer://old', 'balancer-not-running balancer://t']);
  });

  it("leaves out a virtual host's own balancer, which shows only on that virtual host's manager", () => {
    const result = report(
      AS_CONFIGURED,
      `${CONFIG}<VirtualHost *:80>\n<Proxy balancer://v>\nBalancerMember http://v\n</Proxy>\n</VirtualHost>\n`,
    );
    assert.deepEqual(kinds(result), []);
  });

  it('reports the lbmethod changed in the manager', () => {
    const result = report(AS_CONFIGURED, CONFIG, {
      balancers: [{ name: 'balancer://t', lbmethod: 'bytraffic', stickysession: undefined, members: AS_CONFIGURED }],
    });
    assert.deepEqual(kinds(result), ['lbmethod balancer://t']);
    assert.equal(result.balancers[0]!.traffic.verdict, 'not-tested');
  });

  it('says when BalancerPersist keeps an edit, from the page', () => {
    const edited = [{ ...AS_CONFIGURED[0]!, lbfactor: 300 }, ...AS_CONFIGURED.slice(1)];
    const kept = report(edited, CONFIG, { persist: true });
    assert.match(kept.balancers[0]!.differences[0]!.message, /BalancerPersist keeps it/);
    assert.match(kept.balancers[0]!.notes.join('\n'), /BalancerPersist On/);
    assert.doesNotMatch(report(edited).balancers[0]!.differences[0]!.message, /BalancerPersist/);
  });

  describe('the traffic test', () => {
    const counted = (a: number, b: number, c = 0, statusB: number = STATUS_BITS.O): LiveMember[] => [
      { ...AS_CONFIGURED[0]!, elected: a },
      { ...AS_CONFIGURED[1]!, elected: b, status: statusB },
      { ...AS_CONFIGURED[2]!, elected: c },
    ];
    const cases: readonly [string, LiveMember[], string, readonly (number | undefined)[]][] = [
      ['counts that follow 1:2 exactly', counted(300, 600), 'consistent', [1 / 3, 2 / 3, 0]],
      ['counts off by noise', counted(310, 590), 'consistent', [1 / 3, 2 / 3, 0]],
      ['counts 1:1 where the shares are 1:2', counted(450, 450), 'drift', [1 / 3, 2 / 3, 0]],
      ['too few requests', counted(1, 2), 'too-few', [1 / 3, 2 / 3, 0]],
      ['a member disabled now: the others take the shares', counted(300, 600, 0, STATUS_BITS.O | STATUS_BITS.D), 'not-tested', [1, 0, 0]],
    ];
    for (const [what, members, verdict, predicted] of cases)
      it(`judges ${what} ${verdict}`, () => {
        const balancer = report(members).balancers[0]!;
        assert.equal(balancer.traffic.verdict, verdict, balancer.traffic.message);
        assert.deepEqual(
          balancer.members.map((m) => m.predictedShare),
          predicted,
        );
      });

    it('predicts with the standby taking over when the regular members are in error', () => {
      const members = counted(10, 10, 0, STATUS_BITS.O | STATUS_BITS.E);
      members[0] = { ...members[0]!, status: STATUS_BITS.O | STATUS_BITS.D };
      assert.deepEqual(
        report(members).balancers[0]!.members.map((m) => m.predictedShare),
        [0, 0, 1],
      );
    });
  });
});

describe("Pearson's chi-square test", () => {
  // Reference values: SciPy's chi2.sf(x, df).
  const table: readonly [number, number, number][] = [
    [3.841459, 1, 0.05],
    [10.827566, 1, 0.001],
    [5.991465, 2, 0.05],
    [13.815511, 2, 0.001],
    [0.5, 3, 0.918891],
    [30, 10, 0.000857],
    [150, 100, 0.000904],
  ];
  for (const [x, df, p] of table)
    it(`gives p = ${p} for χ² = ${x} with ${df} df`, () =>
      assert.ok(Math.abs(upperGamma(df / 2, x / 2) - p) < 1e-5, String(upperGamma(df / 2, x / 2))));

  it('computes the statistic of counts against shares', () => {
    const result = chiSquareTest([450, 450], [1 / 3, 2 / 3]);
    assert.equal(result.degreesOfFreedom, 1);
    assert.ok(Math.abs(result.statistic - 112.5) < 1e-9);
    assert.ok(result.pValue < 1e-20);
  });
});
