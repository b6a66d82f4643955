import * as assert from 'node:assert/strict';
import { analyze } from '../../../server/src/core/analysis';
import { lint } from '../../../server/src/core/lint';
import { checkTree } from '../../fuzz/inputs';
import { COMPLETE, EPOCH_SECONDS, ruleTable } from '../../support/rules';

// mod_macro's refusals, in its words (docs/apache-semantics.md, mod_macro; test/apache/fidelity.test.ts).
const MEMBER = '<Macro Member $h $w>\n    BalancerMember http://$h loadfactor=$w\n</Macro>\n';

ruleTable('invalid-macro', [
  ['[[Use Member 1]]', { apache: 'no macro defined before Use', says: ['refuses this Use'], noFix: true, refuses: [] }],
  ['[[UndefMacro M]]', { apache: 'no macro defined before UndefMacro' }],
  [`${MEMBER}[[Use Other 1]]`, { apache: "macro 'other' undefined" }],
  [`${MEMBER}[[Use Member 10.0.0.1]]`, { apache: 'used with 1 arguments instead of 2' }],
  ['<Macro Loop $a>\n    Use Loop $a\n</Macro>\n[[Use Loop 1]]', { apache: "recursive use of macro 'loop' is invalid" }],
  [
    '[[<Macro M $a $a>]]\n    ServerName $a\n</Macro>',
    { apache: "argument name conflict in macro 'm' (defined on line 1 of \"\"): argument '$a'" },
  ],
  ['[[<Macro M $a>]]\n    ServerName $a', { apache: 'contents error: expected token not found: </Macro>' }],
  [`${MEMBER}UndefMacro Member\n[[Use Member 10.0.0.1 2]]`, { apache: "macro 'member' undefined" }],
  [`${MEMBER}[[UndefMacro Nope]]`, { apache: "cannot remove undefined macro 'nope'" }],
  // near misses: a macro defined and used as Apache expects, nested, and across sections
  [`${MEMBER}<Proxy balancer://c1>\n    Use Member 10.0.0.1 3\n</Proxy>`],
  ['<Macro Open $n>\n<Proxy balancer://$n>\n</Macro>\n<Macro Close>\n</Proxy>\n</Macro>\nUse Open c1\nBalancerMember http://h\nUse Close'],
  // without mod_macro in a complete configuration, Use is an unknown directive, not a macro
  [`${COMPLETE}Use Member 1`],
]);

describe('mod_macro expansion', () => {
  const previewOf = (text: string): string[] =>
    analyze(text, { epochSeconds: EPOCH_SECONDS }).previews.flatMap((preview) =>
      preview.balancer.members.map((member) => `${preview.balancer.name} ${member.url} ${member.params.lbfactor}`),
    );

  it('members come from Use lines, with their values substituted', () => {
    assert.deepEqual(previewOf(`${MEMBER}<Proxy balancer://c1>\n    Use Member 10.0.0.1 3\n    Use Member 10.0.0.2 1\n</Proxy>`), [
      'balancer://c1 http://10.0.0.1 300',
      'balancer://c1 http://10.0.0.2 100',
    ]);
  });

  it('a finding inside an expansion points at the Use line, ending at the value it came from', () => {
    const text = `${MEMBER}<Proxy balancer://c1>\n    Use Member 10.0.0.1 0\n</Proxy>`;
    const analysis = analyze(text, { epochSeconds: EPOCH_SECONDS });
    const problem = analysis.model.problems.find((each) => each.parameter?.key === 'loadfactor');
    assert.ok(problem?.parameter);
    const use = text.indexOf('Use Member');
    assert.deepEqual(problem.parameter.valueSpan, { start: use, end: text.lastIndexOf('0') + 1 });
  });

  it('a finding on a Use line points into the macro body: the line whose value it came from', () => {
    const pool =
      '<Macro Pool $name $h $w>\n<Proxy balancer://$name>\n    BalancerMember http://$h loadfactor=$w\n    BalancerMember http://spare\n</Proxy>\n</Macro>\n';
    const text = `${pool}Use Pool web 10.0.0.1 0\n`;
    const zero = lint(analyze(text, { epochSeconds: EPOCH_SECONDS })).find((finding) => finding.ruleId === 'zero-loadfactor');
    assert.ok(zero);
    assert.deepEqual(
      zero.related?.map((related) => [text.slice(related.span.start, related.span.end), related.message]),
      [['BalancerMember http://$h loadfactor=$w', 'expanded from this line of the macro']],
    );
  });

  it('no place in the macro body when several of its lines could have made the finding', () => {
    // Both lines are the macro's own text: the finding's span, the Use line, does not tell them apart.
    const text =
      '<Macro Twice>\n<Proxy balancer://x>\nBalancerMember http://a loadfactor=0\nBalancerMember http://b loadfactor=0\n</Proxy>\n</Macro>\nUse Twice\n';
    const zeros = lint(analyze(text, { epochSeconds: EPOCH_SECONDS })).filter((finding) => finding.ruleId === 'zero-loadfactor');
    assert.equal(zeros.length, 2);
    for (const zero of zeros) assert.equal(zero.related, undefined);
  });

  it('@ values are quoted, $ values are not, and the longest parameter wins', () => {
    assert.deepEqual(previewOf('<Macro M $h $host>\n    BalancerMember balancer://c1 http://$host\n</Macro>\nUse M bad 10.0.0.9'), [
      'balancer://c1 http://10.0.0.9 100',
    ]);
    assert.deepEqual(previewOf('<Macro M $m>\n    BalancerMember balancer://c1 $m\n</Macro>\nUse M "http://10.0.0.1 loadfactor=2"'), [
      'balancer://c1 http://10.0.0.1 200',
    ]);
  });

  it('keeps the tree in order: an expansion hangs under its Use line, a section under the line that opened it', () => {
    const open = '<Macro Open $n>\n<Proxy balancer://$n>\n</Macro>\n<Macro Close>\n</Proxy>\n</Macro>\n';
    for (const text of [
      `${open}Use Open c1\nBalancerMember http://h\nUse Close\n`,
      `${MEMBER}<Macro Pair>\nUse Member a 1\n<IfModule x_module>\nUse Member b 2\n</IfModule>\n</Macro>\n<Proxy balancer://c1>\nUse Pair\n</Proxy>\n`,
    ]) {
      const analysis = analyze(text, { epochSeconds: EPOCH_SECONDS });
      checkTree(analysis, text);
      assert.equal(analysis.previews[0]?.balancer.members.length, text.includes('Pair') ? 2 : 1);
    }
  });
});
