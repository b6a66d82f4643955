import { stepsNamed } from '../syntax/named';
import { guardsAccess } from './shared';
import type { Rule, RuleExamples, RuleFinding } from './types';

/** Sections whose guard applies to requests a proxy handles. */
const REQUEST_SECTIONS = new Set(['location', 'locationmatch', 'proxy', 'proxymatch']);

export const rule: Rule = {
  id: 'limit-methods-unguarded',
  severity: 'warning',
  ignoresValues: true,
  docs: {
    summary: 'an access guard inside `<Limit GET POST>`: every other method (PUT, DELETE, PATCH…) reaches the member unguarded',
    why: '`<Limit>` applies its lines only to the methods it names: `<Limit GET POST> Require ip …</Limit>` leaves PUT, DELETE and PATCH open, and a proxied application (an API, WebDAV) answers them. `<LimitExcept>` names the methods left open instead, and a guard outside any `<Limit>` applies to all.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    const nodes = analysis.tree.nodes;
    if (stepsNamed(nodes, ['proxypass', 'proxypassmatch', 'rewriterule']).length === 0) return findings;
    for (const step of stepsNamed(nodes, ['<limit'])) {
      if (step.kind !== 'enter' || !step.parent || !REQUEST_SECTIONS.has(step.parent.name.toLowerCase())) continue;
      const section = step.section;
      if (!guardsAccess(section) || guardsAccess({ ...step.parent, children: step.parent.children.filter((child) => child !== section) }))
        continue;
      const methods = section.args.map((word) => word.value.toUpperCase());
      findings.push({
        span: section.open.span,
        message: `only ${methods.join(', ')} ${methods.length === 1 ? 'is' : 'are'} guarded: other methods reach the member unguarded, use <LimitExcept> or no <Limit>`,
      });
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Location "/admin/">\n    <Limit GET POST>\n        Require ip 10.9.9.9\n    </Limit>\n</Location>\nProxyPass "/" "http://10.0.0.1:8080/"',
  good: '<Location "/admin/">\n    Require ip 10.9.9.9\n</Location>\nProxyPass "/" "http://10.0.0.1:8080/"',
};
