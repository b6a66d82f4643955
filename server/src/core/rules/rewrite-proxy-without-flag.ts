import { quoted } from '../bounded';
import { flagsOf } from '../requests/rewrite';
import { stepsNamed } from '../syntax/named';
import { rewriteArguments } from '../syntax/rewrite-words';
import { rewriteRefusal } from './rewrite-arguments';
import { addRewriteFlag } from './shared';
import type { Rule, RuleExamples, RuleFinding } from './types';

/** Targets only the proxy can reach: a browser redirected to one gets nowhere. */
const PROXY_ONLY = /^(balancer|ws|wss|ajp|fcgi|scgi|uwsgi|h2|h2c):\/\/|^unix:/i;

export const rule: Rule = {
  id: 'rewrite-proxy-without-flag',
  severity: 'warning',
  docs: {
    summary: 'a `RewriteRule` to `balancer://…` (or `ws://`, `ajp://`, `unix:`…) without `[P]`: the request is never proxied',
    why: 'Only the `P` flag hands a rewritten request to mod_proxy. Without it a `balancer://` or `ws://` substitution is treated as a redirect or a file name: the client gets a redirect to a URL it cannot open (or a 404), and the members never see the request — a WebSocket upgrade then fails although the rule matched.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    for (const step of stepsNamed(analysis.tree.nodes, ['rewriterule'])) {
      if (step.kind !== 'directive') continue;
      const directive = step.directive;
      const words = rewriteArguments(directive);
      const target = words?.second.value ?? '';
      if (!PROXY_ONLY.test(target)) continue;
      // A line whose words or flags Apache refuses is invalid-directive-argument's: whether it proxies is moot.
      if (rewriteRefusal('RewriteRule', directive.argText.text)) continue;
      const flags = flagsOf(words?.flags?.value);
      if (flags.has('p') || flags.has('proxy')) continue;
      const redirects = flags.has('r') || flags.has('redirect');
      const edit = redirects ? undefined : addRewriteFlag(analysis.tree.text, directive, 'P');
      findings.push({
        span: directive.span,
        message: `without the P flag ${quoted(target)} is not proxied: the request never reaches a member, add [P]`,
        fixes: edit ? [{ title: 'Add the P flag', safe: true, edits: [edit] }] : [],
      });
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://ws">\n    BalancerMember "ws://10.0.0.1:8080"\n</Proxy>\nRewriteEngine On\nRewriteCond %{HTTP:Upgrade} websocket [NC]\nRewriteRule "^/(.*)$" "balancer://ws/$1" [L]',
  good: '<Proxy "balancer://ws">\n    BalancerMember "ws://10.0.0.1:8080"\n</Proxy>\nRewriteEngine On\nRewriteCond %{HTTP:Upgrade} websocket [NC]\nRewriteRule "^/(.*)$" "balancer://ws/$1" [P,L]',
};
