import { suggestFrom } from '../suggest';
import { knownModules } from '../syntax/conditions';
import { listed, runIndex, runIndexKey } from './shared';
import type { Rule, RuleExamples, RuleFinding } from './types';

/** Name comparisons one file may spend on suggestions. */
const SUGGESTION_WORK = 20_000;

/** Every balancer name the run defines, in any file. */
const DEFINED_BALANCERS = runIndexKey((files) => new Set(files.flatMap((file) => file.model.balancers.map((balancer) => balancer.name))));

export const rule: Rule = {
  id: 'undefined-balancer',
  severity: 'warning',
  ignoresValues: true,
  docs: {
    summary: 'ProxyPassReverse, RewriteRule [P] or SetHandler naming a balancer that nothing defines',
    why: 'Only BalancerMember, <Proxy balancer://…> and ProxyPass create balancers; a reference to any other name — usually a typo — rewrites headers for, or proxies to, a balancer that does not exist.',
  },
  check({ analysis, run }) {
    const findings: RuleFinding[] = [];
    // One set for the whole run, so a lookup per reference costs O(1) and no file rebuilds it.
    const defined = runIndex(run, DEFINED_BALANCERS);
    if (defined.size === 0) return findings;
    const names = [...defined];
    // A suggestion compares the name with every defined one: once per undefined name, and only while
    // the comparisons stay under a budget, so thousands of undefined names cannot make this quadratic.
    const suggestions = new Map<string, string | undefined>();
    let work = 0;
    const suggest = (name: string): string | undefined => {
      if (suggestions.has(name)) return suggestions.get(name);
      work += names.length;
      const suggestion = work <= SUGGESTION_WORK ? suggestFrom(name, names) : undefined;
      suggestions.set(name, suggestion);
      return suggestion;
    };
    // A configuration that loads no MPM is included by something else: say where we looked, not "anywhere".
    const nowhere = knownModules(analysis.tree) === undefined ? 'is not found in the files read' : 'is not defined anywhere';
    for (const reference of analysis.model.references) {
      // A name expanded per request (a variable, a back-reference) is unknown here, never a typo.
      if (reference.isPartial || defined.has(reference.name)) continue;
      const suggestion = suggest(reference.name);
      const written = analysis.tree.text.slice(reference.span.start, reference.span.end);
      findings.push({
        span: reference.span,
        message: `${reference.name} ${nowhere}${suggestion ? `: did you mean ${suggestion}?` : ` (defined: ${listed(names, 3)})`}`,
        fixes:
          suggestion && written.toLowerCase().includes(reference.name)
            ? [
                {
                  title: `Change to ${suggestion}`,
                  safe: false,
                  edits: [
                    {
                      span: reference.span,
                      newText: written.replace(new RegExp(reference.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i'), suggestion),
                    },
                  ],
                },
              ]
            : [],
      });
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nProxyPass "/shop/" "balancer://shop/"\nProxyPassReverse "/shop" "balancer://shop1/"',
  good: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nProxyPass "/shop/" "balancer://shop/"\nProxyPassReverse "/shop" "balancer://shop/"',
};
