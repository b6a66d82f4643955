import { quoted } from '../bounded';
import { stepsNamed } from '../syntax/named';
import { rewriteArguments } from '../syntax/rewrite-words';
import type { Rule, RuleExamples, RuleFinding } from './types';

/** Variables that hold the path only. */
const PATH_ONLY = /^%\{(REQUEST_URI|SCRIPT_NAME|PATH_INFO|REQUEST_FILENAME)\}$/i;

export const rule: Rule = {
  id: 'query-in-path-pattern',
  severity: 'warning',
  ignoresValues: true,
  docs: {
    summary:
      'a `RewriteRule` pattern, or a `RewriteCond` on `%{REQUEST_URI}`, that looks for the query string (`\\?`, `name=value`): it never sees it',
    why: 'RewriteRule matches the path of the URL, and `%{REQUEST_URI}` holds the path too: the query string is in `%{QUERY_STRING}` (or `%{THE_REQUEST}`). A condition such as `%{REQUEST_URI} transport=websocket` never matches, so the rule it guards never runs (socket.io upgrades then land on the HTTP route).',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    for (const step of stepsNamed(analysis.tree.nodes, ['rewritecond', 'rewriterule', 'proxypass'])) {
      if (step.kind !== 'directive') continue;
      const directive = step.directive;
      if (directive.name.toLowerCase() === 'proxypass') {
        const path = directive.args[0];
        // ProxyPass compares the path alone: a `?` in its path never matches (its URL may carry one).
        if (path && path.value.startsWith('/') && path.value.includes('?') && directive.args.length >= 2)
          findings.push({
            span: path.span,
            message: `${quoted(path.value)} holds a query string, but ProxyPass matches only the path: no request matches it`,
          });
        continue;
      }
      const isRule = directive.name.toLowerCase() === 'rewriterule';
      const words = rewriteArguments(directive);
      if (!words) continue;
      const { first, second } = words;
      const pattern = isRule ? first : second;
      if (!isRule && !PATH_ONLY.test(first.value)) continue;
      const text = pattern.value.replace(/^!/, '');
      // Expression tests (`-f`, `=`, `<`…) are not regular expressions.
      if (!isRule && /^(-[a-zA-Z]+|[=<>])/.test(text)) continue;
      const asks = /\\\?|(^|[&?])[A-Za-z_][\w-]*=/.test(text);
      if (!asks) continue;
      findings.push({
        span: pattern.span,
        message: `${quoted(pattern.value)} looks for a query string, but ${isRule ? 'RewriteRule matches' : first.value} only the path: test %{QUERY_STRING}`,
      });
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://ws">\n    BalancerMember "ws://10.0.0.1:8080"\n</Proxy>\nRewriteEngine On\nRewriteCond %{REQUEST_URI} transport=websocket\nRewriteRule "^/(.*)$" "balancer://ws/$1" [P,L]',
  good: '<Proxy "balancer://ws">\n    BalancerMember "ws://10.0.0.1:8080"\n</Proxy>\nRewriteEngine On\nRewriteCond %{QUERY_STRING} transport=websocket\nRewriteRule "^/(.*)$" "balancer://ws/$1" [P,L]',
};
