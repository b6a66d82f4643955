/**
 * Every rule that finds what Apache refuses (default severity error), on its documented bad
 * example: the balancers it touches are refused, and no view shows them a share, a pick or a cycle
 * (hover, inlay hints, code lens, the schedule view's report, `schedule` text and JSON).
 */
import assert from 'node:assert/strict';
import { runCli } from '../../support/cli';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { assembleSet } from '../../../server/src/core/config-set';
import { codeLenses } from '../../../server/src/core/features/code-lens';
import { balancerHover, memberHover } from '../../../server/src/core/features/hover';
import { inlayHints } from '../../../server/src/core/features/inlay-hints';
import { balancerReport } from '../../../server/src/core/features/schedule-report';
import { RULES } from '../../../server/src/core/rules';
import { tempDir } from '../../support/temp';

/** The balancers each error rule's bad example makes Apache refuse; the comment says why a balancer is left out. */
const REFUSED: Readonly<Record<string, readonly string[]>> = {
  // The collision is reported on the second name; the first keeps its preview.
  'balancer-name-collision': ['balancer://shop.a'],
  'include-failed': [],
  'invalid-balancer-name': [],
  // The error is on the <IfVersion> line around the member, not on the balancer's own lines.
  'invalid-conditional': [],
  'invalid-define': [],
  'invalid-directive-argument': [],
  'load-module-failed': [],
  'invalid-loadfactor': ['balancer://shop'],
  // The refused Use line adds no member, so its <Proxy> section defines no balancer to preview.
  'invalid-macro': [],
  'invalid-parameter': ['balancer://shop'],
  // A <LocationMatch> Apache cannot compile is not one of a balancer's lines.
  'invalid-regex': [],
  'invalid-status': ['balancer://shop'],
  'invalid-url': ['balancer://shop'],
  'member-syntax': ['balancer://shop'],
  'misplaced-directive': ['balancer://shop'],
  'module-not-loaded': ['balancer://shop'],
  'proxy-section-arguments': [],
  'proxypass-syntax': [],
  'proxypassreverse-syntax': [],
  'section-mismatch': ['balancer://shop'],
  'undefined-target': ['balancer://shop'],
  // The misspelled directive is a line of its own, not one of the balancer's.
  'unknown-directive': [],
  'unknown-lbmethod': ['balancer://shop'],
  'unknown-parameter': ['balancer://shop'],
  'zero-loadfactor': ['balancer://shop'],
};

const NO_FILES = { readFile: () => undefined, readDirectory: () => undefined };

describe('refusals: no preview of a balancer Apache refuses', function () {
  this.timeout(30_000);

  it('lists every rule whose default severity is error', () => {
    assert.deepEqual(
      Object.keys(REFUSED).sort(),
      RULES.filter((rule) => rule.severity === 'error')
        .map((rule) => rule.id)
        .sort(),
    );
  });

  for (const [id, refused] of Object.entries(REFUSED)) {
    it(`${id}: ${refused.length > 0 ? refused.join(', ') : 'no balancer'} refused, and no share, pick or cycle shown for it`, () => {
      const text = RULES.find((rule) => rule.id === id)!.docs.bad;
      const set = assembleSet([{ key: 'bad.conf', path: undefined, text }], {
        files: NO_FILES,
        keyOf: (path) => path,
        read: { epochSeconds: 0 },
        rulesFor: () => undefined,
      });
      const { analysis } = set.configurations[0]!;
      assert.deepEqual(
        analysis.previews.filter((preview) => preview.refusal).map((preview) => preview.balancer.name),
        refused,
      );
      const hints = inlayHints(analysis);
      const lenses = codeLenses(analysis, { picks: 10 });
      for (const preview of analysis.previews.filter((each) => each.refusal)) {
        const name = preview.balancer.name;
        assert.match(balancerHover(preview, { picks: 20 }), /Apache refuses this balancer/, `${name} hover`);
        assert.doesNotMatch(balancerHover(preview, { picks: 20 }), /%|picks|cycle/, `${name} hover`);
        preview.balancer.members.forEach((member, index) => {
          assert.doesNotMatch(memberHover(preview, index), /%|of every/, `${name} member ${member.url}`);
          const hint = hints.find((each) => each.offset === member.declaration.directive.span.end);
          assert.ok(hint && /^(refused|no schedule: balancer refused)$/.test(hint.label), `${name} member ${member.url}: ${hint?.label}`);
        });
        const lens = lenses.find((each) => each.balancer === name)!;
        assert.match(lens.title, /Apache refuses this balancer .*: no schedule$/);
        const report = balancerReport(preview, () => ({ file: 'bad.conf', line: 1 }));
        assert.ok(report.refused, `${name} report`);
        assert.deepEqual(
          [report.tier, report.cycleLength, report.picks, report.members.map((member) => member.share)],
          [null, null, [], report.members.map(() => null)],
        );
      }
    });
  }

  it('schedule prints the refusal, not shares, in text and JSON, and exits 1', () => {
    const dir = tempDir('balancer-lens-refusals-');
    writeFileSync(join(dir, 'shop.conf'), RULES.find((rule) => rule.id === 'zero-loadfactor')!.docs.bad);
    const text = runCli(['schedule', 'shop.conf'], { cwd: dir });
    assert.equal(text.status, 1);
    assert.match(text.stdout, /Apache refuses this balancer \(line \d+: loadfactor "0"/);
    assert.match(text.stdout, /refused \(line \d+\)/);
    assert.doesNotMatch(text.stdout, /%|picks/);
    const json = runCli(['schedule', 'shop.conf', '--format', 'json'], { cwd: dir });
    assert.equal(json.status, 1);
    const balancer = (
      JSON.parse(json.stdout) as {
        balancers: { refused: { ruleId: string } | null; picks: unknown[]; members: { share: number | null; refused: unknown }[] }[];
      }
    ).balancers[0]!;
    assert.equal(balancer.refused?.ruleId, 'zero-loadfactor');
    assert.deepEqual(balancer.picks, []);
    assert.ok(balancer.members.every((member) => member.share === null));
    assert.ok(balancer.members.some((member) => member.refused !== null));
  });
});
