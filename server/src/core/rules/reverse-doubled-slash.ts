import { quoted } from '../bounded';
import { balancerName, isBalancerUrl } from '../model/urls';
import { asciiEquals } from '../ascii';
import { urlPath } from '../requests/probe';
import { stepsNamed } from '../syntax/named';
import { reverseLocation } from '../requests/reverse';
import type { Word } from '../syntax/words';
import type { Balancer } from '../model/model';
import type { Fix, Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'reverse-doubled-slash',
  severity: 'warning',
  ignoresValues: true,
  docs: {
    summary: "a `ProxyPassReverse` that turns a member's redirect to `/landed` into `/api//landed`",
    why: 'ProxyPassReverse replaces the start of a member\'s `Location` (the member\'s URL, for a balancer each member\'s URL) with the public path: when that path ends with `/` and the part replaced does not, the rest keeps its own slash and the client is sent to `/api//landed`, which many applications answer with 404 or another redirect. Write the public path without its trailing slash (`ProxyPassReverse "/api" "balancer://api/"`), or end a member URL with one.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    const text = analysis.tree.text;
    const balancers = new Map<string, Balancer>();
    for (const balancer of analysis.model.balancers) if (!balancers.has(balancer.name)) balancers.set(balancer.name, balancer);
    // Each URL is asked about here and again while its redirect is mapped: looked up once.
    const byUrl = new Map<string, Balancer | undefined>();
    const balancerOf = (url: string): Balancer | undefined => {
      if (byUrl.has(url)) return byUrl.get(url);
      const named = balancerName(url);
      const balancer = 'name' in named ? balancers.get(named.name) : undefined;
      byUrl.set(url, balancer);
      return balancer;
    };
    for (const step of stepsNamed(analysis.tree.nodes, ['proxypassreverse'])) {
      if (step.kind !== 'directive') continue;
      const directive = step.directive;
      const parent = step.parent && !asciiEquals(step.parent.name, 'virtualhost') ? step.parent : undefined;
      if (parent && !asciiEquals(parent.name, 'location')) continue;
      const section = parent;
      const args = directive.args;
      const [first, second] = args;
      const fakeWord = section ? section.args[0] : first;
      const realWord = section ? first : second;
      if (!fakeWord || !realWord || args.length !== (section ? 1 : 2)) continue;
      const fake = fakeWord.value;
      if (!fake.startsWith('/') || fake.includes('${') || realWord.value.includes('${')) continue;
      const redirect = memberRedirect(balancerOf, realWord.value);
      if (redirect === undefined) continue;
      // The line alone decides what it makes of a location it matches: mapped as mod_proxy maps it.
      const alias = { directive, fake, real: realWord.value };
      const mapped = reverseLocation(redirect, [alias], balancerOf, 'http://client');
      if (mapped.by !== directive) continue;
      const landed = urlPath(mapped.value);
      if (!landed.includes('//')) continue;
      const fix = section ? undefined : fixFor(text, fakeWord);
      findings.push({
        span: directive.span,
        message: `a member's redirect to ${memberPath(realWord.value)} reaches the client as ${landed}: ${
          section
            ? `write it outside the <Location> with ${quoted(fake.replace(/\/+$/, ''))}`
            : `remove the trailing slash of ${quoted(fake)}`
        }`,
        fixes: fix ? [fix] : [],
      });
    }
    return findings;
  },
};

/** What a member sends back for a page of its mapped tree: `http://10.0.0.1:8080/landed` (for a balancer, its first member's). */
function memberRedirect(balancerOf: (url: string) => Balancer | undefined, real: string): string | undefined {
  let base: string;
  let path: string;
  if (isBalancerUrl(real)) {
    const named = balancerName(real);
    if (!('name' in named)) return undefined;
    const balancer = balancerOf(real);
    const member = balancer?.members[0];
    if (!member) return undefined;
    base = member.name.replace(/\/+$/, '');
    path = real.slice(named.name.length);
  } else {
    const authority = /^(https?:\/\/[^/?#]+)([^?#]*)$/i.exec(real);
    if (!authority) return undefined;
    base = authority[1]!;
    path = authority[2]!;
  }
  return `${base}${path.endsWith('/') ? path : `${path}/`}landed`;
}

/** The path of a member's redirect into the line's tree, as the message shows it (`/landed`, `/app/landed`). */
function memberPath(real: string): string {
  const path = urlPath(real);
  return `${path.endsWith('/') ? path : `${path}/`}landed`;
}

/** Drop the public path's trailing slash: the rest of the member's Location brings its own. */
function fixFor(text: string, fake: Word): Fix | undefined {
  const raw = text.slice(fake.span.start, fake.span.end);
  const slash = fake.span.start + raw.replace(/["']$/, '').length - 1;
  if (fake.value.length < 2 || !fake.value.endsWith('/') || text[slash] !== '/') return undefined;
  return {
    title: `Remove the trailing slash of ${quoted(fake.value)}`,
    safe: true,
    edits: [{ span: { start: slash, end: slash + 1 }, newText: '' }],
  };
}

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://api">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nProxyPass "/api/" "balancer://api/"\nProxyPassReverse "/api/" "balancer://api/"',
  good: '<Proxy "balancer://api">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nProxyPass "/api/" "balancer://api/"\nProxyPassReverse "/api" "balancer://api/"',
};
