import { quoted } from '../bounded';
import type { Section } from '../syntax/tree';
import { covers, proxyRules, quote, type ProxyRule } from './proxypass-order';
import type { Rule, RuleFinding } from './types';

/** A `ProxyPass` inside a plain `<Location "/path">`, with that path. */
interface LocationRule {
  readonly rule: ProxyRule;
  readonly location: Section;
  readonly path: string;
}

const isExclusion = (rule: ProxyRule): boolean => rule.url.value === '!';

/** A path Apache compares as a plain prefix (no regex, no wildcard, no variable). */
const isPlainPath = (path: string | undefined): path is string => path !== undefined && path.startsWith('/') && !/[*?[\\$%]/.test(path);

/**
 * `<Location>` sections merge in configuration order (the main server's before a virtual host's),
 * so for a request the ProxyPass of the last matching `<Location>` wins; and mod_proxy's
 * proxy_trans tries that per-directory ProxyPass before the server's own ProxyPass lines.
 */
export const rule: Rule = {
  id: 'location-order',
  severity: 'warning',
  docs: {
    summary:
      'a `ProxyPass !` that a `<Location>` `ProxyPass` overrides: a narrower `<Location>` exclusion before a broader one, or a server-level exclusion',
    why: "Apache merges `<Location>` sections in order and the last one that matches wins, and a ProxyPass inside `<Location>` is tried before the server's ProxyPass lines — so the excluded path is proxied anyway (verified on Apache 2.4).",
    bad: '<Location "/static/">\n    ProxyPass "!"\n</Location>\n<Location "/">\n    ProxyPass "balancer://shop/"\n</Location>\n<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>',
    good: '<Location "/">\n    ProxyPass "balancer://shop/"\n</Location>\n<Location "/static/">\n    ProxyPass "!"\n</Location>\n<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>',
  },
  *check({ analysis }) {
    const text = analysis.tree.text;
    const rules = proxyRules(analysis).filter((each) => each.kind === 'ProxyPass');
    const inLocations: LocationRule[] = [];
    for (const each of rules) {
      const location = each.location;
      if (!location || location.name.toLowerCase() !== 'location' || each.isRegex || !isPlainPath(each.path)) continue;
      inLocations.push({ rule: each, location, path: each.path });
    }
    const findings: RuleFinding[] = [];
    for (const exclusion of inLocations.filter((each) => isExclusion(each.rule))) {
      // Main-server sections come before a virtual host's, whatever their place in the file.
      const order = (each: LocationRule): number => (each.rule.vhost ? 1 : 0);
      const later = inLocations.find(
        (each) =>
          !isExclusion(each.rule) &&
          appliesToPair(exclusion.rule, each.rule) &&
          (order(each) > order(exclusion) ||
            (order(each) === order(exclusion) && each.location.span.start > exclusion.location.span.start)) &&
          covers(each.path, exclusion.path) &&
          !inLocations.some(
            (again) =>
              isExclusion(again.rule) &&
              again.location.span.start > each.location.span.start &&
              again.rule.vhost === each.rule.vhost &&
              covers(again.path, exclusion.path),
          ),
      );
      if (!later) continue;
      findings.push({
        span: exclusion.rule.directive.span,
        message: `<Location ${quoted(later.path)}> below also matches ${exclusion.path} and wins, so it is still proxied: move this <Location> below it`,
        related: [{ span: later.rule.directive.span, message: `"${quote(text, later.rule.directive)}" overrides the exclusion` }],
      });
    }
    for (const exclusion of rules.filter((each) => !each.location && isExclusion(each) && !each.isRegex && isPlainPath(each.path))) {
      const path = exclusion.path!;
      const location = inLocations.find(
        (each) =>
          !isExclusion(each.rule) &&
          appliesToPair(exclusion, each.rule) &&
          covers(each.path, path) &&
          !inLocations.some((again) => isExclusion(again.rule) && appliesToPair(exclusion, again.rule) && covers(again.path, path)),
      );
      if (!location) continue;
      findings.push({
        span: exclusion.pathWord?.span ?? exclusion.directive.span,
        message: `${quoted(path)} is still proxied, as <Location ${quoted(location.path)}> comes first: exclude it in a <Location> below it`,
        related: [{ span: location.rule.directive.span, message: `"${quote(text, location.rule.directive)}" matches ${path} first` }],
      });
    }
    findings.sort((a, b) => a.span.start - b.span.start);
    yield* findings;
  },
};

/** A `<Location>` ProxyPass applies to the exclusion's server: both in one server, or the proxying one in the main server. */
function appliesToPair(exclusion: ProxyRule, proxied: ProxyRule): boolean {
  return proxied.vhost === exclusion.vhost || !exclusion.vhost || !proxied.vhost;
}
