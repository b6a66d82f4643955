import { quoted } from '../bounded';
import type { Span } from '../span';
import type { Section } from '../syntax/tree';
import {
  collapseSlashes,
  earliestCovering,
  firstRuleByPath,
  IndexedRule,
  isPlainRule,
  ProxyRule,
  proxyRules,
} from '../requests/proxy-rules';
import { indentationAt, lineEnd, lineStart, quote } from './shared';
import type { Fix, Rule, RuleExamples, RuleFinding } from './types';

const isExclusion = (rule: ProxyRule): boolean => rule.url.value === '!';

/** True when `later` would send its requests exactly where `earlier` already does, so the order does not matter. */
function sameOutcome(earlier: ProxyRule & { path: string }, later: ProxyRule & { path: string }): boolean {
  if (isExclusion(earlier) || isExclusion(later)) return isExclusion(earlier) && isExclusion(later);
  const rest = collapseSlashes(later.path).slice(collapseSlashes(earlier.path).length);
  return later.url.value === earlier.url.value + rest;
}

export const rule: Rule = {
  id: 'proxypass-order',
  severity: 'warning',
  ignoresValues: true,
  docs: {
    summary: 'a ProxyPass (or a `!` exclusion) after a broader ProxyPass that already matches its path: it is never used',
    why: "Apache tries the ProxyPass lines of a server in order and uses the first whose path matches, so a narrower path must come before a broader one; the main server's lines are tried before every virtual host's own.",
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    const server = proxyRules(analysis).filter((rule) => rule.kind !== 'ProxyPassReverse' && !rule.location);
    const main = server.filter((rule) => !rule.vhost);
    findings.push(...shadowed(analysis.tree.text, new Map(), main));
    const byVhost = new Map<Section, ProxyRule[]>();
    for (const rule of server) {
      if (!rule.vhost) continue;
      const own = byVhost.get(rule.vhost) ?? [];
      own.push(rule);
      byVhost.set(rule.vhost, own);
    }
    // merge_proxy_config: a virtual host's list is the main server's lines followed by its own (verified).
    const mainPaths = firstRuleByPath(main);
    for (const own of byVhost.values()) findings.push(...shadowed(analysis.tree.text, mainPaths, own));
    return findings;
  },
};

/** Findings for the rules of `own` shadowed by a rule of `inherited` (tried first) or an earlier rule of `own`. */
function shadowed(text: string, inherited: ReadonlyMap<string, IndexedRule>, own: readonly ProxyRule[]): RuleFinding[] {
  const findings: RuleFinding[] = [];
  const earlierOwn = new Map<string, IndexedRule>();
  own.forEach((later, index) => {
    if (!isPlainRule(later)) return;
    const path = collapseSlashes(later.path);
    const earlier = earliestCovering(inherited, path) ?? earliestCovering(earlierOwn, path);
    if (earlier && !sameOutcome(earlier.rule, later)) findings.push(finding(text, earlier.rule, later));
    if (!earlierOwn.has(path)) earlierOwn.set(path, { rule: later, index });
  });
  return findings;
}

function finding(text: string, earlier: ProxyRule & { path: string }, later: ProxyRule & { path: string }): RuleFinding {
  // Apache uses the first ProxyPass whose path matches, and a virtual host tries the main server's first (the rule's docs).
  const first = quoted(`${earlier.directive.name} ${earlier.path}`);
  const inherited = earlier.vhost !== later.vhost;
  const where = inherited ? `the main server's ${first}` : `${first} above`;
  const path = later.path;
  let message: string;
  if (isExclusion(later)) {
    message = `this exclusion comes too late, as ${where} matches ${path} first: ${inherited ? 'repeat it in the main server before that line' : 'move it above'}`;
  } else if (isExclusion(earlier)) {
    message = `this line never proxies ${path}, as the exclusion ${where} matches it first: ${inherited ? 'remove that exclusion' : 'move this line above it'}`;
  } else if (collapseSlashes(earlier.path) === collapseSlashes(path)) {
    message = `this line is never used, as ${where} has the same path ${path}: remove one of them`;
  } else {
    message = `this line is never used, as ${where} matches ${path} first: ${inherited ? 'move that line into the virtual hosts' : 'move this line above it'}`;
  }
  const canMove = !inherited && collapseSlashes(earlier.path) !== collapseSlashes(path);
  return {
    span: later.pathWord?.span ?? later.directive.span,
    message,
    related: [{ span: earlier.directive.span, message: 'this ProxyPass matches first' }],
    fixes: canMove ? [moveAbove(text, later, earlier, isExclusion(later))] : [],
  };
}

/** Moves the lines of `moved` to just above the lines of `anchor`, with the anchor's indentation. */
function moveAbove(text: string, moved: ProxyRule, anchor: ProxyRule, safe: boolean): Fix {
  const from = moved.directive.span;
  const to = anchor.directive.span;
  const anchorLine = lineStart(text, to.start);
  const movedLine = lineStart(text, from.start);
  const end = lineEnd(text, from.end);
  const hasNewline = end > 0 && text[end - 1] === '\n';
  const newline = text.slice(0, end).endsWith('\r\n') || (!hasNewline && text.includes('\r\n')) ? '\r\n' : '\n';
  // The last line of a file without a final newline takes the newline before it along.
  const removed: Span = hasNewline ? { start: movedLine, end } : { start: Math.max(0, movedLine - newline.length), end };
  const indent = indentationAt(text, to.start);
  return {
    title: `Move "${quote(text, moved.directive)}" above "${quote(text, anchor.directive)}"`,
    safe,
    edits: [
      { span: { start: anchorLine, end: anchorLine }, newText: `${indent}${text.slice(from.start, from.end)}${newline}` },
      { span: removed, newText: '' },
    ],
  };
}

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: 'ProxyPass "/" "balancer://shop/"\nProxyPass "/static/" "!"\n<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>',
  good: 'ProxyPass "/static/" "!"\nProxyPass "/" "balancer://shop/"\n<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>',
};
