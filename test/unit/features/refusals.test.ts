/**
 * Every rule that finds what Apache refuses (default severity error), on its documented bad
 * example: no view shows a balancer Apache refuses a share, a pick or a cycle (hover, inlay hints,
 * code lens, the schedule view's report, `schedule` text and JSON). Which balancers a rule's
 * refusal takes away is an expectation of its own table (`refuses` in test/support/rules.ts).
 */
import assert from 'node:assert/strict';
import { runCli } from '../../support/cli';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Analysis } from '../../../server/src/core/analysis';
import { assembleSet } from '../../../server/src/core/config-set';
import { codeLenses } from '../../../server/src/core/features/code-lens';
import { balancerHover, memberHover } from '../../../server/src/core/features/hover';
import { inlayHints } from '../../../server/src/core/features/inlay-hints';
import { balancerReport } from '../../../server/src/core/reports/schedule-report';
import { RULES } from '../../../server/src/core/rules';
import { RULE_EXAMPLES } from '../../../server/src/core/rules/examples';
import type { BalancerPreview } from '../../../server/src/core/scheduler/preview';
import { tempDir } from '../../support/temp';

/** The rules whose findings mean Apache refuses the configuration; each table says which balancers a case refuses (`refuses`). */
const REFUSING = RULES.filter((rule) => rule.severity === 'error');

const NO_FILES = { readFile: () => undefined, readDirectory: () => undefined };

/** The analysis of `text` as the CLI and the editor show it, with the balancers Apache refuses marked. */
function refusedAnalysis(text: string): Analysis {
  const set = assembleSet([{ key: 'bad.conf', path: undefined, text }], {
    files: NO_FILES,
    keyOf: (path) => path,
    read: { epochSeconds: 0 },
    rulesFor: () => undefined,
  });
  return set.configurations[0]!.analysis;
}

/** The previews of `text` Apache refuses. */
function refusedPreviews(text: string): readonly BalancerPreview[] {
  return refusedAnalysis(text).previews.filter((preview) => preview.refusal);
}

describe('refusals: no preview of a balancer Apache refuses', function () {
  this.timeout(30_000);

  it('has error rules whose bad examples refuse a balancer', () => {
    assert.ok(REFUSING.some((rule) => refusedPreviews(RULE_EXAMPLES[rule.id].bad).length > 0));
  });

  for (const { id } of REFUSING) {
    it(`${id}: no share, pick or cycle shown for a balancer its bad example makes Apache refuse`, () => {
      const analysis = refusedAnalysis(RULE_EXAMPLES[id].bad);
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

  it('takes the schedule of a balancer whose refused line comes before it exists (a ProxySet above its <Proxy>)', () => {
    const text = [
      'ProxySet balancer://shop lbmethod=bybusyness',
      '<Proxy balancer://shop>',
      '    BalancerMember http://10.0.0.1:8080',
      '</Proxy>',
      '<Proxy balancer://other>',
      '    BalancerMember http://10.0.0.2:8080',
      '</Proxy>',
      '',
    ].join('\n');
    const refused = refusedPreviews(text);
    assert.deepEqual(
      refused.map((preview) => [preview.balancer.name, preview.refusal?.ruleId, preview.refusal?.line]),
      [['balancer://shop', 'undefined-target', 1]],
    );
  });

  it('marks a member whose line stands outside the <Proxy> of its balancer, which holds no refusal itself', () => {
    const text = [
      '<Proxy balancer://shop>',
      '    BalancerMember http://10.0.0.1:8080',
      '</Proxy>',
      'BalancerMember balancer://shop http://10.0.0.2:8080 loadfactor=0',
      '<Proxy balancer://other>',
      '    BalancerMember http://10.0.0.3:8080',
      '</Proxy>',
      '<Proxy balancer://shared>',
      '    BalancerMember http://10.0.0.4:8080',
      '</Proxy>',
      // Shares the member above, and Apache refuses the word after its URL.
      'BalancerMember balancer://shared http://10.0.0.4:8080/app extra',
      '',
    ].join('\n');
    const refused = refusedPreviews(text);
    assert.deepEqual(
      refused.map((preview) => [preview.balancer.name, preview.refusal?.line, [...(preview.refusedMembers?.keys() ?? [])]]),
      [
        ['balancer://shop', 4, [1]],
        ['balancer://shared', 11, [0]],
      ],
    );
  });

  it('schedule prints the refusal, not shares, in text and JSON, and exits 1', () => {
    const dir = tempDir('balancer-lens-refusals-');
    writeFileSync(join(dir, 'shop.conf'), RULE_EXAMPLES['zero-loadfactor'].bad);
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
