import { quoted } from '../bounded';
import { asciiLower } from '../ascii';
import { reverseLines } from '../requests/proxy-lines';
import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'proxypassreverse-extra-word',
  severity: 'warning',
  docs: {
    summary: 'a word after `ProxyPassReverse PATH URL` other than `interpolate`, such as a `stickysession=` copied from ProxyPass',
    why: 'Apache accepts any third word and reads it as "interpolate": the setting never takes effect (stickiness, timeouts and the like belong on ProxyPass or ProxySet), and the line looks configured when it is not.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    for (const { directive, inPath } of reverseLines(analysis.tree.nodes)) {
      const args = directive.args;
      // Three words at most (more is refused), the last one the optional "interpolate".
      if (args.length > 3) continue;
      const word = args[2];
      if (!word || asciiLower(word.value) === 'interpolate' || word.value.includes('${')) continue;
      // Inside a path section the second word must be "interpolate", outside it must not be: else Apache refuses
      // the line (proxypassreverse-syntax).
      if ((asciiLower(args[1]!.value) === 'interpolate') !== (inPath !== undefined)) continue;
      const where = word.value.includes('=') ? ', or set it on the ProxyPass or in ProxySet' : '';
      const from = args[1]!.span.end;
      findings.push({
        span: word.span,
        message: `ProxyPassReverse ignores ${quoted(word.value)}: remove it${where}`,
        fixes: [{ title: `Remove "${word.value}"`, safe: false, edits: [{ span: { start: from, end: word.span.end }, newText: '' }] }],
      });
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: 'ProxyPass "/shop/" "balancer://shop/" stickysession=JSESSIONID\nProxyPassReverse "/shop" "balancer://shop/" stickysession=JSESSIONID',
  good: 'ProxyPass "/shop/" "balancer://shop/" stickysession=JSESSIONID\nProxyPassReverse "/shop" "balancer://shop/"',
};
