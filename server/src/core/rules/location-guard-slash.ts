import { quoted } from '../bounded';
import { probe, serverOf } from '../requests/probe';
import { stepsNamed } from '../syntax/named';
import { guardsAccess } from './shared';
import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'location-guard-slash',
  severity: 'info',
  docs: {
    summary: 'an access guard in `<Location "/admin/">` while `/admin` (without the slash) is proxied unguarded',
    why: '`<Location "/admin/">` matches `/admin/` and what is under it, not `/admin`: that request reaches the member without the guard. Whether that exposes anything depends on the application (many redirect `/admin` to `/admin/`, some serve the page itself); `<Location "/admin">` guards both.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    for (const step of stepsNamed(analysis.tree.nodes, ['<location'])) {
      if (step.kind !== 'enter' || !guardsAccess(step.section)) continue;
      const section = step.section;
      const path = section.args[0]?.value;
      if (section.args.length !== 1 || !path || path.length < 2 || !path.endsWith('/') || path.includes('${')) continue;
      const bare = path.replace(/\/+$/, '');
      const seen = probe(analysis, serverOf(analysis, section), bare);
      if (!seen || seen.trace.handledBy !== 'proxy' || seen.trace.steps.some((each) => each.span?.start === section.open.span.start))
        continue;
      findings.push({
        span: section.args[0]!.span,
        message: `the path ${bare} is not under ${quoted(path)}: it reaches ${seen.trace.balancer ?? seen.trace.member ?? 'the member'} unguarded unless the application redirects it`,
      });
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\n<Location "/admin/">\n    Require ip 10.9.9.9\n</Location>\nProxyPass "/" "balancer://app/"',
  good: '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\n<Location "/admin">\n    Require ip 10.9.9.9\n</Location>\nProxyPass "/" "balancer://app/"',
};
