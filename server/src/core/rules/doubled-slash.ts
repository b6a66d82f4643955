import { quoted } from '../bounded';
import { pathMatching, probe, serverLines, urlPath } from '../requests/probe';
import { flagsOf } from '../requests/rewrite';
import { rewriteArguments } from '../syntax/rewrite-words';
import type { Directive, Section } from '../syntax/tree';
import type { Fix, Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'doubled-slash',
  severity: 'warning',
  docs: {
    summary: 'a `ProxyPassMatch`, `RewriteRule … [P]` or `<LocationMatch>` whose mapping gives the member a path with `//`',
    why: 'Apache puts the rest of the path after the target URL as is: a capture that keeps the leading slash (`^(.*)$`), a slash before `%{REQUEST_URI}`, or a `ProxyPassMatch` target without `$1` (Apache then appends the whole path) makes the member receive `//cart` for `/cart`. Many applications answer 404 or redirect loops for such paths; others treat `//` as the start of a host name.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    const text = analysis.tree.text;
    for (const line of serverLines(analysis, ['proxypassmatch', 'proxypass', 'rewriterule'])) {
      const directive = line.directive;
      const pattern = patternOf(line.name, directive, line.sections);
      if (pattern === undefined) continue;
      const path = pathMatching(pattern);
      if (path === undefined) continue;
      const seen = probe(analysis, line.server, path);
      const sent = seen?.trace.backendRequest;
      if (!seen || seen.decidedBy !== directive || !sent) continue;
      const received = urlPath(sent.url);
      if (!received.includes('//') || path.includes('//')) continue;
      const { advice, fix } = adviceFor(line.name, directive, text);
      findings.push({
        span: directive.span,
        message: `for ${path} the member receives ${received}: ${advice}`,
        fixes: fix ? [fix] : [],
      });
    }
    return findings;
  },
};

/**
 * The regular expression the line maps with: a ProxyPassMatch's (or `ProxyPass ~`'s), a ProxyPass's
 * `<LocationMatch>`, a `RewriteRule … [P]`'s at server level. A plain ProxyPass path is
 * trailing-slash-mismatch's.
 */
function patternOf(name: string, directive: Directive, sections: readonly Section[]): string | undefined {
  if (name === 'rewriterule') {
    const words = rewriteArguments(directive);
    if (sections.length > 0 || !words || words.first.value.startsWith('!')) return undefined;
    const flags = flagsOf(words.flags?.value);
    return flags.has('p') || flags.has('proxy') ? words.first.value : undefined;
  }
  const args = directive.args.map((word) => word.value);
  const section = sections.at(-1);
  if (section) {
    const sectionName = section.name.toLowerCase();
    if (sectionName === 'locationmatch') return section.args[0]?.value;
    if (sectionName === 'location' && section.args[0]?.value === '~') return section.args[1]?.value;
    return undefined;
  }
  if (name === 'proxypassmatch') return args[0];
  return args[0] === '~' ? args[1] : undefined;
}

/** What to change, and the fix when it is certain. */
function adviceFor(name: string, directive: Directive, text: string): { advice: string; fix?: Fix } {
  const words = name === 'rewriterule' ? rewriteArguments(directive) : undefined;
  if (words) {
    const { first: pattern, second: target } = words;
    const raw = text.slice(target.span.start, target.span.end);
    const before = raw.indexOf('/%{REQUEST_URI}');
    if (before >= 0) {
      const at = target.span.start + before;
      return {
        advice: 'remove the slash before %{REQUEST_URI}, which starts with one',
        fix: { title: 'Remove the slash before %{REQUEST_URI}', safe: true, edits: [{ span: { start: at, end: at + 1 }, newText: '' }] },
      };
    }
    const rawPattern = text.slice(pattern.span.start, pattern.span.end);
    const caret = rawPattern.indexOf('^(');
    if (caret >= 0 && /\/\$\d/.test(target.value)) {
      // At server level every path starts with `/`, so `^/(…` matches what `^(…` matched.
      const at = pattern.span.start + caret + 1;
      return {
        advice: `the capture keeps the path's leading slash: start the pattern with ${quoted('^/(')}`,
        fix: { title: 'Match the leading slash outside the capture', safe: true, edits: [{ span: { start: at, end: at }, newText: '/' }] },
      };
    }
    return { advice: 'the substitution puts a slash before a part that starts with one' };
  }
  if (!directive.args.some((word) => /\$\d/.test(word.value))) return { advice: 'with no $1 Apache appends the whole path, use $1' };
  return { advice: 'the URL puts a slash before a part that starts with one' };
}

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nRewriteEngine On\nRewriteRule "^(.*)$" "balancer://app/$1" [P]\nProxyPassReverse "/" "balancer://app/"',
  good: '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nRewriteEngine On\nRewriteRule "^/(.*)$" "balancer://app/$1" [P]\nProxyPassReverse "/" "balancer://app/"',
};
