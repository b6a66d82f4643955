import { quoted } from '../bounded';
import { balancerName, isBalancerUrl, workerUrl } from '../model/urls';
import type { Word } from '../syntax/words';
import { proxyRules, ProxyRule } from '../requests/proxy-rules';
import type { Rule, RuleExamples, TextEdit, RuleFinding } from './types';

export const rule: Rule = {
  id: 'trailing-slash-mismatch',
  severity: 'warning',
  ignoresValues: true,
  docs: {
    summary: 'a ProxyPass whose path ends with `/` and whose URL does not, or the reverse',
    why: 'Apache appends the rest of the request path to the URL as is: with `ProxyPass /api/ balancer://shop` a request for /api/orders goes to balancer://shoporders, which does not exist (500: AH01144 "No protocol handler was valid for the URL" for a balancer, AH00898 DNS lookup failure for a host), and only /api/ itself works; with `ProxyPass /api balancer://shop/` the backend receives //orders.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    const text = analysis.tree.text;
    const rules = proxyRules(analysis);
    const reversesOf = reverseIndex(rules);
    for (const pass of rules) {
      if (pass.kind !== 'ProxyPass' || !isComparable(pass)) continue;
      const path = pass.path;
      const url = pass.url.value;
      const pathSlash = path.endsWith('/');
      if (pathSlash === url.endsWith('/')) continue;
      // ProxyPassReverse lines for the same path and URL get the same edit, so the pair stays consistent.
      const reverses = reversesOf(pass);
      const edits = [pass, ...reverses].map((entry) => (pathSlash ? appendSlash(text, entry.url) : removeSlash(text, entry.url)));
      const complete = edits.every((edit): edit is TextEdit => edit !== undefined);
      const also = reverses.length > 0 ? ' (and the matching ProxyPassReverse)' : '';
      findings.push({
        span: pass.url.span,
        message: pathSlash ? missingSlash(path, url) : extraSlash(path, url),
        // A balancer name glued to the path names no balancer: Apache's log says so for every request.
        ...(pathSlash && /^balancer:\/\/[^/]*$/i.test(url) ? { apacheMessage: 'AH01144: No protocol handler was valid for the URL' } : {}),
        related: [
          { span: pass.pathWord?.span ?? pass.location!.open.span, message: `the path "${path}"` },
          ...reverses.map((reverse) => ({
            span: reverse.url.span,
            message: 'the ProxyPassReverse with the same slash mismatch, fixed with it',
          })),
        ],
        fixes: complete
          ? [{ title: pathSlash ? `Add a trailing slash to the URL${also}` : `Remove the URL's trailing slash${also}`, safe: true, edits }]
          : [],
      });
    }
    return findings;
  },
};

/**
 * The ProxyPassReverse lines with the same virtual host, section, path and URL as a ProxyPass, in
 * order; indexed once, since filtering every line for each ProxyPass is quadratic.
 */
function reverseIndex(rules: readonly ProxyRule[]): (pass: ProxyRule) => ProxyRule[] {
  const index = new Map<ProxyRule['vhost'], Map<ProxyRule['location'], Map<string, ProxyRule[]>>>();
  const keyOf = (rule: ProxyRule): string => JSON.stringify([rule.path, rule.url.value]);
  for (const rule of rules) {
    if (rule.kind !== 'ProxyPassReverse') continue;
    let byLocation = index.get(rule.vhost);
    if (!byLocation) index.set(rule.vhost, (byLocation = new Map()));
    let byKey = byLocation.get(rule.location);
    if (!byKey) byLocation.set(rule.location, (byKey = new Map()));
    const key = keyOf(rule);
    const same = byKey.get(key);
    if (same) same.push(rule);
    else byKey.set(key, [rule]);
  }
  return (pass) => index.get(pass.vhost)?.get(pass.location)?.get(keyOf(pass)) ?? [];
}

/**
 * A plain path and a URL Apache accepts, both free of unresolved variables. A URL it refuses is
 * another rule's error, and a slash added to it would only change that error's wording.
 */
function isComparable(rule: ProxyRule): rule is ProxyRule & { path: string } {
  const path = rule.path;
  const url = rule.url.value;
  if (rule.isRegex || path === undefined || !path.startsWith('/') || url === '!' || `${path}${url}`.includes('${')) return false;
  return !('error' in (isBalancerUrl(url) ? balancerName(url) : workerUrl(url)));
}

/** `/api/` → `balancer://shop`: the request's remainder is glued to the URL's last segment. */
function missingSlash(path: string, url: string): string {
  const example = `${path}orders`;
  const target = `${url}orders`;
  const authorityOnly = /^[a-z][a-z0-9+.-]*:\/\/[^/]*$/i.test(url);
  // A name that is no balancer or host fails with 500 (AH01144, AH00898: see the rule's why and apacheMessage).
  const outcome = authorityOnly ? ' (500)' : '';
  return `this URL lacks the trailing slash of ${quoted(path)}, so ${example} goes to ${target}${outcome}: add one`;
}

/** `/api` → `balancer://shop/`: the remainder starts with a slash too, so the backend sees two. */
function extraSlash(path: string, url: string): string {
  return `this URL ends in a slash but ${quoted(path)} does not, so ${path}/orders goes to ${url}/orders: remove the slash`;
}

/** Inserts `/` at the end of the word, inside its quotes. */
function appendSlash(text: string, word: Word): TextEdit | undefined {
  const at = word.quoted ? word.span.end - 1 : word.span.end;
  return word.quoted && !/["']$/.test(text.slice(word.span.start, word.span.end))
    ? undefined
    : { span: { start: at, end: at }, newText: '/' };
}

/** Deletes the word's final `/` when it is written literally. */
function removeSlash(text: string, word: Word): TextEdit | undefined {
  const raw = text.slice(word.span.start, word.span.end);
  const at = word.quoted && /["']$/.test(raw) ? word.span.end - 2 : word.span.end - 1;
  return text[at] === '/' ? { span: { start: at, end: at + 1 }, newText: '' } : undefined;
}

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nProxyPass "/shop/" "balancer://shop"',
  good: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nProxyPass "/shop/" "balancer://shop/"',
};
