import { quoted } from '../bounded';
import type { Analysis } from '../analysis';
import type { Balancer } from '../model/model';
import { stepsNamed } from '../syntax/named';
import { balancerAnchor, runIndex, runIndexKey, valueEdit } from './shared';
import type { Fix, Rule, RuleExamples, RuleFinding } from './types';

/** The variable mod_proxy_balancer sets to the chosen member's route. */
const ROUTE = 'BALANCER_WORKER_ROUTE';

/**
 * Session cookies of application frameworks whose value is a bare id, never `<id>.<route>`
 * (lower case): find_session_route reads the route after the first stickysessionsep, so they never
 * stick. Java's JSESSIONID is not here: Tomcat and friends append `.jvmRoute`.
 */
const APP_SESSION_COOKIES: ReadonlyMap<string, string> = new Map([
  ['phpsessid', "PHP's session id"],
  ['phpsessionid', "PHP's session id (cookie PHPSESSID)"],
  ['asp.net_sessionid', "ASP.NET's session id"],
  ['connect.sid', "Express's session id"],
  ['laravel_session', "Laravel's session id"],
  ['ci_session', "CodeIgniter's session id"],
  ['sessionid', "Django's session id"],
  ['_session_id', "Rails's session id"],
  ['rack.session', "Rack's session id"],
  ['cfid', "ColdFusion's session id"],
  ['cftoken', "ColdFusion's session id"],
]);

/** Names admins give a route cookie that Apache itself sets with `Header … Set-Cookie` (the manual's ROUTEID). */
const APACHE_ROUTE_COOKIE = /^route_?id$/i;

/** What `Header … Set-Cookie` lines write, over the whole run (a Header in an included file counts). */
interface CookieWriters {
  /** Cookie names some Header line writes with `%{BALANCER_WORKER_ROUTE}e` in the value. */
  readonly withRoute: ReadonlySet<string>;
  /** The full text of every Header line that mentions BALANCER_WORKER_ROUTE (for `edit` forms naming a cookie). */
  readonly routeLines: readonly string[];
}

const COOKIE_WRITERS = runIndexKey<CookieWriters>((run) => {
  const withRoute = new Set<string>();
  const routeLines: string[] = [];
  for (const analysis of run) {
    for (const step of stepsNamed(analysis.tree.nodes, ['header'])) {
      if (step.kind !== 'directive') continue;
      const words = step.directive.args.map((word) => word.value);
      if (!words.some((word) => word.includes(ROUTE))) continue;
      routeLines.push(words.join(' '));
      const header = words.findIndex((word) => word.toLowerCase() === 'set-cookie');
      const value = header < 0 ? undefined : words[header + 1];
      const equals = value?.indexOf('=') ?? -1;
      if (value && equals > 0 && value.includes(ROUTE)) withRoute.add(value.slice(0, equals).trim());
    }
  }
  return { withRoute, routeLines };
});

export const rule: Rule = {
  id: 'sticky-never-routed',
  severity: 'warning',
  docs: {
    summary:
      '`stickysession` names a cookie that never carries `.route` (a framework session id, `jsessionid` in lower case, a route cookie nothing sets)',
    why: "Apache takes a session's member from the part of the cookie value after the first `.`; PHP, ASP.NET, Express or Laravel session ids never hold one, cookie names are case-sensitive (Java's is JSESSIONID), and a ROUTEID cookie that no `Header … Set-Cookie` writes is never sent — every request is balanced afresh (verified on Apache 2.4).",
  },
  check({ analysis, run }) {
    const findings: RuleFinding[] = [];
    const writers = runIndex(run, COOKIE_WRITERS);
    for (const balancer of analysis.model.balancers) {
      const finding = check(analysis, balancer, writers);
      if (finding) findings.push(finding);
    }
    return findings;
  },
};

function check(analysis: Analysis, balancer: Balancer, writers: CookieWriters): RuleFinding | undefined {
  const sticky = balancer.setBy.get('stickysession');
  const cookie = balancer.params.stickyCookie;
  // sticky-without-route explains a balancer without routes; a ${VAR} left unresolved may be anything.
  if (!sticky || cookie === undefined || cookie === '' || sticky.value.includes('${')) return undefined;
  if (!balancer.members.some((member) => member.params.route !== '')) return undefined;
  if (writers.withRoute.has(cookie)) return undefined;
  const related = [{ span: balancerAnchor(balancer), message: `${balancer.name} is defined here` }];
  const lower = cookie.toLowerCase();
  if (lower === 'jsessionid') {
    if (cookie === 'JSESSIONID') return undefined;
    const edit = valueEdit(analysis, sticky, 'JSESSIONID|jsessionid');
    const fixes: Fix[] = edit ? [{ title: 'Use stickysession=JSESSIONID|jsessionid', safe: true, edits: [edit] }] : [];
    return {
      span: sticky.valueSpan,
      message: `cookie names are case-sensitive, so ${quoted(cookie)} never matches Java's JSESSIONID: use JSESSIONID|jsessionid`,
      fixes,
      related,
    };
  }
  const framework = APP_SESSION_COOKIES.get(lower);
  if (framework) {
    // A Header line that edits this cookie to append the route makes it work.
    if (writers.routeLines.some((line) => line.includes(cookie))) return undefined;
    return {
      span: sticky.valueSpan,
      message: `${quoted(cookie)} is ${framework}, which never carries ".route": set a ROUTEID cookie with Header`,
      related,
    };
  }
  const written = [...writers.withRoute];
  if (written.length > 0) {
    // A Header writes the route into another cookie: most likely the name was meant to be that one.
    const [other] = written.filter((name) => name.toLowerCase() === lower).concat(written);
    const edit = valueEdit(analysis, sticky, other! + balancerPathPart(balancer));
    return {
      span: sticky.valueSpan,
      message: `no Header sets the cookie ${quoted(cookie)} (the route goes into ${quoted(other!)}), so nothing sticks: write stickysession=${other}`,
      fixes: edit ? [{ title: `Use stickysession=${other}`, safe: false, edits: [edit] }] : [],
      related,
    };
  }
  if (!APACHE_ROUTE_COOKIE.test(cookie)) return undefined;
  return {
    span: sticky.valueSpan,
    message: `no Header sets the cookie ${quoted(cookie)}, so nothing sticks: add Header add Set-Cookie "${cookie}=.%{${ROUTE}}e"`,
    related,
  };
}

/** The `|name` URL-parameter part of stickysession, kept when the cookie part is replaced. */
function balancerPathPart(balancer: Balancer): string {
  const value = balancer.params.stickysession ?? '';
  const bar = value.indexOf('|');
  return bar < 0 ? '' : value.slice(bar);
}

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080" route=n1\n    BalancerMember "http://10.0.0.2:8080" route=n2\n    ProxySet stickysession=PHPSESSID\n</Proxy>',
  good: 'Header add Set-Cookie "ROUTEID=.%{BALANCER_WORKER_ROUTE}e; path=/" env=BALANCER_ROUTE_CHANGED\n<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080" route=n1\n    BalancerMember "http://10.0.0.2:8080" route=n2\n    ProxySet stickysession=ROUTEID\n</Proxy>',
};
