import * as assert from 'node:assert/strict';
import { analyze } from '../../../server/src/core/analysis';
import { lint } from '../../../server/src/core/lint';
import { EPOCH_SECONDS, ruleTable } from '../../support/rules';

// ap_resolve_env keeps an undefined ${W} literally, so the handler refuses the text unless Apache's
// environment sets W; `Define W` alone, a later Define and UnDefine all leave it to the environment
// (docs/apache-semantics.md, ap_resolve_env; test/apache/variables.test.ts).
const member = (value: string): string => `<Proxy "balancer://c1">\n    BalancerMember http://10.0.0.1 ${value}\n</Proxy>`;

ruleTable('refused-if-unset', [
  [
    member('[[loadfactor=${W}]]'),
    {
      says: [`this value is refused if "\${W}" is unset in Apache's environment`, 'define it above, or pass --env-file'],
      noFix: true,
    },
  ],
  [`Define W\n${member('[[loadfactor=${W}]]')}`, { says: ['${W}'] }],
  [`${member('[[loadfactor=${W}]]')}\nDefine W 3`, { says: ['${W}'] }],
  [`Define W 3\nUnDefine W\n${member('[[loadfactor=${W}]]')}`, { says: ['"${W}" is unset'] }],
  // a URL Apache cannot parse with the literal text
  ['BalancerMember balancer://api [[http://10.0.1.1:${PORT}]]', { says: ['${PORT}'] }],
  [member('[[status=+${S}]]'), { says: ['${S}'] }],
  // near misses: a defined value, an earlier Define kept by a later flag-only Define, a parameter that accepts any text
  [`Define W 3\n${member('loadfactor=${W}')}`],
  [`Define W 4\nDefine W\n${member('loadfactor=${W}')}`],
  [member('route=${R}')],
  [member('lbset=${W}0')],
]);

describe("refused-if-unset with Apache's environment given", () => {
  const lintWith = (text: string): { ruleId: string; severity: string }[] =>
    lint(analyze(text, { epochSeconds: EPOCH_SECONDS, environmentIsComplete: true, environment: { X: '1' } })).map(
      ({ ruleId, severity }) => ({ ruleId, severity }),
    );

  it('the value is refused for certain: its own rule reports an error, and this rule stays silent', () => {
    const found = lintWith(member('loadfactor=${W}'));
    assert.ok(
      found.some((finding) => finding.ruleId === 'invalid-loadfactor' && finding.severity === 'error'),
      JSON.stringify(found),
    );
    assert.ok(!found.some((finding) => finding.ruleId === 'refused-if-unset'));
  });

  it('a variable the environment sets is resolved and checked like any text', () => {
    assert.deepEqual(
      lintWith(member('loadfactor=${X}')).filter((finding) => finding.severity !== 'info'),
      [],
    );
  });
});
