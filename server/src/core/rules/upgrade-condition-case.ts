import { quoted } from '../bounded';
import { flagsOf } from '../requests/rewrite';
import { stepsNamed } from '../syntax/named';
import { rewriteArguments } from '../syntax/rewrite-words';
import { addRewriteFlag } from './shared';
import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'upgrade-condition-case',
  severity: 'warning',
  docs: {
    summary:
      'a `RewriteCond` on `%{HTTP:Upgrade}` or `%{HTTP:Connection}` without `[NC]` (clients write `WebSocket` and `upgrade` in any case), or anchoring `Connection` to one token',
    why: 'Upgrade and Connection tokens are case-insensitive (RFC 9110), and clients differ: browsers send `websocket`, other clients `WebSocket`, and `Connection` often lists several tokens (Firefox sends `keep-alive, Upgrade`, which `^Upgrade$` misses). A case-sensitive or anchored condition lets some WebSocket handshakes fall through to the plain HTTP route, where the upgrade is dropped.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    for (const step of stepsNamed(analysis.tree.nodes, ['rewritecond'])) {
      if (step.kind !== 'directive') continue;
      const directive = step.directive;
      const words = rewriteArguments(directive);
      const header = /^%\{HTTP:(upgrade|connection)\}$/i.exec(words?.first.value ?? '')?.[1];
      if (!words || !header) continue;
      const { second: pattern, flags: flagWord } = words;
      if (!/[A-Za-z]/.test(pattern.value.replace(/\\[A-Za-z]/g, ''))) continue;
      // `=`, `<`, `>` comparisons and -f style tests take the pattern literally; they are case-sensitive too.
      const flags = flagsOf(flagWord?.value);
      // Connection lists tokens: Firefox sends "keep-alive, Upgrade", which ^Upgrade$ never matches.
      if (/^connection$/i.test(header) && /^!?\^.*\$$/.test(pattern.value)) {
        findings.push({
          span: pattern.span,
          message: `a Connection header may list several tokens ("keep-alive, Upgrade"), which ${quoted(pattern.value)} never matches: drop ^ and $`,
        });
        continue;
      }
      if (flags.has('nc') || flags.has('nocase')) continue;
      const edit = addRewriteFlag(analysis.tree.text, directive, 'NC');
      findings.push({
        span: pattern.span,
        message: `${quoted(pattern.value)} is compared case-sensitively, but ${header} tokens may come in any case: add [NC]`,
        fixes: edit ? [{ title: 'Add the NC flag', safe: true, edits: [edit] }] : [],
      });
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://ws">\n    BalancerMember "ws://10.0.0.1:8080"\n</Proxy>\nRewriteEngine On\nRewriteCond %{HTTP:Upgrade} ^websocket$\nRewriteRule "^/(.*)$" "balancer://ws/$1" [P,L]',
  good: '<Proxy "balancer://ws">\n    BalancerMember "ws://10.0.0.1:8080"\n</Proxy>\nRewriteEngine On\nRewriteCond %{HTTP:Upgrade} ^websocket$ [NC]\nRewriteRule "^/(.*)$" "balancer://ws/$1" [P,L]',
};
