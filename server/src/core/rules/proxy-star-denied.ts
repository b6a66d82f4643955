import { flagsOf } from '../requests/rewrite';
import { stepsNamed } from '../syntax/named';
import { handlerWords, rewriteArguments } from '../syntax/rewrite-words';
import { deniesAll, grantsAll } from './shared';
import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'proxy-star-denied',
  severity: 'warning',
  ignoresValues: true,
  docs: {
    summary:
      '`<Proxy "*">` denying everyone in a configuration that reverse-proxies: it matches every proxied request, the ProxyPass ones too',
    why: 'The forward-proxy lockdown `<Proxy "*"> Require all denied </Proxy>` is copied into reverse-proxy setups to close an open proxy, but `<Proxy>` sections apply to every request mod_proxy handles: a `ProxyPass` to a balancer then answers 403 to everyone. `ProxyRequests Off` (the default) is what keeps a reverse proxy closed; a later `<Proxy balancer://…>` with `Require all granted` reopens its requests.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    const nodes = analysis.tree.nodes;
    const proxies = stepsNamed(nodes, ['<proxy']).flatMap((step) => (step.kind === 'enter' ? [step.section] : []));
    const denying = proxies.filter((section) => section.args.length === 1 && section.args[0]!.value === '*' && deniesAll(section));
    if (denying.length === 0) return findings;
    const passes = stepsNamed(nodes, ['proxypass', 'proxypassmatch', 'rewriterule']).filter((step) => {
      if (step.kind !== 'directive') return false;
      if (step.directive.name.toLowerCase() !== 'rewriterule') return true;
      const flags = flagsOf(rewriteArguments(step.directive)?.flags?.value);
      return flags.has('p') || flags.has('proxy');
    });
    const pass = passes.find(
      (step) => step.kind === 'directive' && handlerWords(step.directive).some((word) => /^[a-z][a-z0-9+.-]*:\/\//i.test(word.value)),
    );
    if (!pass || pass.kind !== 'directive') return findings;
    // A later, more specific <Proxy> that grants access is merged after this one and reopens its requests:
    // the one that starts last reopens every denying one before it.
    const lastReopening = proxies.reduce(
      (last, other) => (other.args[0]?.value !== '*' && grantsAll(other) ? Math.max(last, other.span.start) : last),
      -1,
    );
    for (const section of denying) {
      if (lastReopening > section.span.start) continue;
      findings.push({
        span: section.open.span,
        message: 'this matches every proxied request, the ProxyPass ones too: they get 403, ProxyRequests Off is what closes the proxy',
        related: [{ span: pass.directive.span, message: 'a reverse-proxied request it denies' }],
      });
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\n<Proxy "*">\n    Require all denied\n</Proxy>\nProxyPass "/" "balancer://app/"',
  good: '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nProxyRequests Off\nProxyPass "/" "balancer://app/"',
};
