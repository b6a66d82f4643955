import assert from 'node:assert/strict';
import { workCounter } from '../../support/work';

/**
 * Issue 31: lint on copies of these rules' bad examples grew faster than the copies (a scan of every
 * section, balancer, virtual host or line for each one). The work is counted, not timed
 * (test/support/work.ts): per copy, 4,000 copies may cost at most twice what 100 do. 100 copies stay
 * under the 400 example requests an analysis traces (core/requests/probe.ts), so a trace that reads
 * every line of its server shows too.
 */
const RULES = [
  'proxy-star-denied',
  'location-guard-slash',
  'location-guard-overridden',
  'balancer-scheme-typo',
  'rewrite-not-inherited',
  'handler-proxied',
  'guard-bypassed',
  // Rules of 2026-12-03 that read every server's lines or trace example requests (rewrite-shadows-proxypass traces one
  // request per ProxyPass line, and 4,000 copies use up the analysis' 400 before it runs: it is linear in them).
  'rewrite-engine-off',
  'balancer-name-glued',
  'member-path-repeated',
  'host-header-ignored',
];
const [FEW, MANY] = [100, 4000];

describe('lint on copies of a rule example grows linearly', function () {
  const counter = workCounter('test/support/work-targets.ts', 'exampleLint');
  after(() => void counter.close());
  const perCopy = (ruleId: string, copies: number): { work: number; findings: number } => {
    counter.count(ruleId, copies, true);
    const { work, result } = counter.count(ruleId, copies, false);
    return { work: work / copies, findings: result as number };
  };

  for (const ruleId of RULES)
    it(`${ruleId}: ${MANY.toLocaleString('en-US')} copies cost at most twice per copy what ${FEW} do`, () => {
      perCopy(ruleId, 10);
      const few = perCopy(ruleId, FEW);
      const many = perCopy(ruleId, MANY);
      assert.ok(few.findings > 0 && many.findings > 0, `the example is flagged: ${few.findings}, ${many.findings}`);
      assert.ok(many.work <= 2 * few.work, `${Math.round(few.work)} units of work per copy at ${FEW}, ${Math.round(many.work)} at ${MANY}`);
    });
});
