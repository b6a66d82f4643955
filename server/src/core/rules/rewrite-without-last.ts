import type { Analysis } from '../analysis';
import { quoted } from '../bounded';
import { pathMatching, probe, serverLines, urlPath } from '../requests/probe';
import { flagsOf } from '../requests/rewrite';
import { stepsNamed } from '../syntax/named';
import { rewriteArguments } from '../syntax/rewrite-words';
import { addRewriteFlag } from './shared';
import type { Rule, RuleExamples, RuleFinding } from './types';

/** Flags that end the pass or hand the request on: a rule with one of them is not followed by the next. */
const ENDS = [
  'l',
  'last',
  'end',
  'p',
  'proxy',
  'r',
  'redirect',
  'f',
  'forbidden',
  'g',
  'gone',
  'pt',
  'passthrough',
  'n',
  'next',
  'c',
  'chain',
  's',
  'skip',
];

export const rule: Rule = {
  id: 'rewrite-without-last',
  severity: 'warning',
  docs: {
    summary: 'a `RewriteRule` to a file path without `[L]`, followed by a `RewriteRule … [P]` that proxies the file path to a member',
    why: 'mod_rewrite runs every rule in turn on the result of the ones before: without `[L]`, a rule that maps `/.well-known/acme-challenge/x` to a folder hands `/srv/acme/…` to the next rule, and a catch-all `RewriteRule ^/(.*)$ balancer://app/$1 [P]` sends that file path to a member, which answers 404 (certificate renewals fail).',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    const lines = serverLines(analysis, ['rewriterule']);
    if (lines.length < 2) return findings;
    const folders = fileFolders(analysis);
    for (const line of lines) {
      const words = rewriteArguments(line.directive);
      if (line.sections.length > 0 || !words || words.first.value.startsWith('!')) continue;
      const { first: pattern, second: target } = words;
      const flags = flagsOf(words.flags?.value);
      if (ENDS.some((flag) => flags.has(flag))) continue;
      const folder = folders.find((each) => target.value.startsWith(each));
      if (!folder) continue;
      const path = pathMatching(pattern.value);
      const seen = path === undefined ? undefined : probe(analysis, line.server, path);
      const by = seen?.decidedBy;
      const sent = seen?.trace.backendRequest;
      if (!seen || !by || by === line.directive || by.name.toLowerCase() !== 'rewriterule' || !sent) continue;
      const edit = addRewriteFlag(analysis.tree.text, line.directive, 'L');
      findings.push({
        span: line.directive.span,
        message: `without [L] the next rules run on ${quoted(folder)}…: the RewriteRule below proxies it, the member receives ${urlPath(sent.url)}`,
        related: [{ span: by.span, message: 'the rule that proxies the file path' }],
        fixes: edit ? [{ title: 'Add the L flag', safe: true, edits: [edit] }] : [],
      });
    }
    return findings;
  },
};

/** Folders the configuration serves files from: `<Directory>` sections, DocumentRoot and Alias targets, each ending with `/`. */
function fileFolders(analysis: Analysis): string[] {
  const folders = new Set<string>();
  for (const step of stepsNamed(analysis.tree.nodes, ['<directory', 'documentroot', 'alias'])) {
    const value =
      step.kind === 'enter'
        ? step.section.args[0]?.value
        : step.directive.args[step.directive.name.toLowerCase() === 'alias' ? 1 : 0]?.value;
    if (value && value.startsWith('/') && value !== '/' && !value.includes('${')) folders.add(value.endsWith('/') ? value : `${value}/`);
  }
  return [...folders];
}

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\n<Directory "/srv/acme">\n    Require all granted\n</Directory>\nRewriteEngine On\nRewriteRule "^/\\.well-known/acme-challenge/(.*)$" "/srv/acme/$1"\nRewriteRule "^/(.*)$" "balancer://app/$1" [P]',
  good: '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\n<Directory "/srv/acme">\n    Require all granted\n</Directory>\nRewriteEngine On\nRewriteRule "^/\\.well-known/acme-challenge/(.*)$" "/srv/acme/$1" [L]\nRewriteRule "^/(.*)$" "balancer://app/$1" [P]',
};
