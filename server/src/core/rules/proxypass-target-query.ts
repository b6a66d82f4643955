import { quoted } from '../bounded';
import { stepsNamed } from '../syntax/named';
import { passWords } from './shared';
import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'proxypass-target-query',
  severity: 'warning',
  ignoresValues: true,
  docs: {
    summary: 'a `ProxyPass` or `ProxyPassMatch` URL holding a query string (`?src=web`): the member gets it encoded in its path',
    why: 'mod_proxy re-encodes the whole path of the URL it builds, the target\'s `?` included, so `ProxyPass "/search" "balancer://app/find?src=web"` sends `/search?q=shoes` as `/find%3Fsrc=web?q=shoes`: the member sees a path it does not have and no `src` parameter. A query is added with `RewriteRule … [P,QSA]`.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    const nodes = analysis.tree.nodes;
    for (const step of stepsNamed(nodes, ['proxypass', 'proxypassmatch'])) {
      if (step.kind !== 'directive') continue;
      const { url } = passWords(nodes, step.directive, step.parent);
      const query = url?.value.indexOf('?') ?? -1;
      if (!url || query < 0 || url.value.includes('${')) continue;
      const path = /^[a-z][a-z0-9+.-]*:\/\/[^/?]*(.*)$/i.exec(url.value)?.[1] ?? '';
      const sent = path.replace('?', '%3F');
      findings.push({
        span: url.span,
        message: `${quoted(url.value)} puts its query in the path, as ${quoted(sent.startsWith('/') ? sent : `/${sent}`)}: add it with RewriteRule … [P,QSA]`,
      });
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nProxyPass "/search" "balancer://app/find?src=web"',
  good: '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nRewriteEngine On\nRewriteRule "^/search$" "balancer://app/find?src=web" [P,QSA]',
};
