import assert from 'node:assert/strict';
import fc from 'fast-check';
import { analyze, Analysis } from '../../../server/src/core/analysis';
import { previewFor, Target, targetAt } from '../../../server/src/core/features/locate';
import type { Parameter } from '../../../server/src/core/model/model';
import { WordParameter } from '../../../server/src/core/model/storage';
import type { Span } from '../../../server/src/core/span';
import { grammarText, mutatedText, seedTexts } from '../../fuzz/inputs';
import { fuzzRuns } from '../../support/fuzz';

const OPTIONS = { environment: {}, epochSeconds: 1_800_000_000 };

/**
 * What `targetAt` stands for, as a plain scan: every span a balancer, member, parameter or
 * reference offers, in this order; the smallest holding the offset (its end included) wins, the
 * first of equal ones, and a reference wins only when it names a balancer that was previewed.
 */
function scannedTarget(analysis: Analysis, offset: number): Target | undefined {
  const offered: { span: Span; target: () => Target | undefined }[] = [];
  for (const preview of analysis.previews) {
    const balancer = preview.balancer;
    const section = balancer.section?.open.span;
    if (section) offered.push({ span: section, target: () => ({ kind: 'balancer', span: section, preview }) });
    balancer.members.forEach((member, index) => {
      for (const declaration of [member.declaration, ...member.sharedBy]) {
        const span = declaration.directive.span;
        offered.push({ span, target: () => ({ kind: 'member', span, preview, index }) });
        // Every key=value word, the values a later word of its key overrides too.
        for (const word of declaration.directive.args.filter((each) => each.value.includes('='))) {
          const parameter = WordParameter.of(word);
          offered.push({ span: parameter.span, target: () => ({ kind: 'parameter', span: parameter.span, parameter, preview, member }) });
        }
      }
      const first = member.declaration.directive.args[0];
      if (!section && first && /^balancer:/i.test(first.value))
        offered.push({ span: first.span, target: () => ({ kind: 'balancer', span: first.span, preview }) });
    });
    for (const parameter of balancer.setBy.values())
      offered.push({
        span: parameter.span,
        target: () => ({ kind: 'parameter', span: parameter.span, parameter, preview, member: undefined }),
      });
  }
  for (const reference of analysis.model.references)
    offered.push({
      span: reference.span,
      target: () => {
        const preview = previewFor(analysis, reference.name, reference.scope);
        return preview && { kind: 'balancer', span: reference.span, preview };
      },
    });
  let best: Target | undefined;
  for (const { span, target } of offered) {
    if (offset < span.start || offset > span.end) continue;
    if (best && span.end - span.start >= best.span.end - best.span.start) continue;
    best = target() ?? best;
  }
  return best;
}

/** The same target: kind, span, the very preview and member objects, and a parameter of the same key and value (a member line's are made when read). */
function sameTarget(found: Target | undefined, wanted: Target | undefined): boolean {
  if (!found || !wanted) return found === wanted;
  const fields = (target: Target): unknown[] => [
    target.kind,
    target.span.start,
    target.span.end,
    target.preview,
    'index' in target ? target.index : undefined,
    'member' in target ? target.member : undefined,
  ];
  const [a, b] = [fields(found), fields(wanted)];
  const parameter = (target: Target): Parameter | undefined => ('parameter' in target ? target.parameter : undefined);
  const [one, other] = [parameter(found), parameter(wanted)];
  const sameParameter = one && other ? one.key === other.key && one.value === other.value : one === other;
  return a.every((value, at) => value === b[at]) && sameParameter;
}

/** Every offset of a short text; of a long one, every span's edges and a spread of others. */
function checkOffsets(text: string): void {
  const analysis = analyze(text, OPTIONS);
  const length = analysis.tree.text.length;
  const offsets = new Set<number>();
  if (length <= 4_000) for (let offset = 0; offset <= length; offset++) offsets.add(offset);
  else {
    for (let offset = 0; offset <= length; offset += 37) offsets.add(offset);
    for (const preview of analysis.previews)
      for (const member of preview.balancer.members)
        for (const span of [member.declaration.directive.span, ...member.declaration.parameters.map((parameter) => parameter.span)])
          for (const offset of [span.start - 1, span.start, span.end, span.end + 1]) offsets.add(offset);
  }
  for (const offset of offsets) {
    const found = targetAt(analysis, offset);
    const wanted = scannedTarget(analysis, offset);
    assert.ok(
      sameTarget(found, wanted),
      `at ${offset}: ${JSON.stringify(found?.span)} ${found?.kind}, the scan ${JSON.stringify(wanted?.span)} ${wanted?.kind}`,
    );
  }
}

describe('targetAt against a scan of every span (features/locate)', () => {
  const seeds = seedTexts().texts;

  it('agrees on every seed text (rule examples, examples, fixtures, corpus)', function () {
    this.timeout(120_000);
    for (const text of seeds) checkOffsets(text);
  });

  it('agrees where macro lines share their Use line, members share a worker and balancers are named outside a section', () => {
    const text = [
      '<Macro Pool $name $port>',
      '  <Proxy "balancer://$name">',
      '    BalancerMember "http://10.0.0.1:$port" loadfactor=2',
      '    BalancerMember "http://10.0.0.1:$port/app" loadfactor=3',
      '  </Proxy>',
      '  ProxyPass "/$name/" "balancer://$name/"',
      '</Macro>',
      'Use Pool shop 8080',
      'Use Pool shop 8080',
      'BalancerMember balancer://loose http://10.0.0.2 route=a',
      'BalancerMember balancer://loose http://10.0.0.2/x route=b',
      'ProxySet balancer://loose lbmethod=byrequests stickysession=ROUTEID',
      'ProxyPass /loose/ balancer://loose/ lbmethod=bybusyness',
    ].join('\n');
    checkOffsets(text);
  });

  it('agrees on generated and mutated configurations', function () {
    this.timeout(120_000);
    fc.assert(fc.property(grammarText, checkOffsets), fuzzRuns(150));
    fc.assert(fc.property(mutatedText(seeds), checkOffsets), fuzzRuns(150));
  });
});
