/**
 * Sticky sessions for one request, as mod_proxy_balancer's find_session_route reads them: the
 * route in the URL (`stickysession`'s parameter name followed by `=`, anywhere in the balancer URL
 * with its query, up to `?` or `&`, and `;` with scolonpathdelim=On), else in the `Cookie` header
 * (the cookie name at the start or after `;`, `,` or a space, its value up to `;` or `,`); the
 * route is what follows the first separator (`.` by default), and the member is the first one with
 * that route that can take requests (standbys after the others; an unusable one's `redirect=`
 * route in its place).
 */
import { NOT_USABLE_STATUS_BITS, STATUS_BITS } from '../model/params';
import type { Balancer, Member } from '../model/model';

/** The route a request carries and the member it leads to. */
export interface StickyRoute {
  /** Where the route was found: `the URL parameter NAME` or `the cookie NAME`. */
  readonly from: string;
  readonly route: string;
  /** The member that takes the request; undefined when no usable member has the route. */
  readonly member: Member | undefined;
  /** A member has the route (usable or not): with nofailover=On, Apache answers 503 rather than pick another. */
  readonly isKnown: boolean;
}

/** The sticky route of a request to `balancerUrl` (with its query) carrying `cookies`, or undefined when it carries none. */
export function stickyRoute(
  balancer: Balancer,
  balancerUrl: string,
  cookies: string | undefined,
  isDown: (member: Member) => boolean,
): StickyRoute | undefined {
  const { stickyCookie, stickyPath, stickysessionsep, scolonpathdelim } = balancer.params;
  if (!stickyCookie || !stickyPath) return undefined;
  let value = pathParam(balancerUrl, stickyPath, scolonpathdelim === true);
  let from = `the URL parameter ${stickyPath}`;
  if (value === undefined) {
    value = cookieParam(cookies, stickyCookie);
    from = `the cookie ${stickyCookie}`;
  }
  if (value === undefined) return undefined;
  const separator = stickysessionsep ?? '.';
  if (separator !== '') {
    const at = value.indexOf(separator);
    if (at < 0) return undefined;
    value = value.slice(at + 1);
  }
  if (value === '') return undefined;
  return {
    from,
    route: value,
    member: routeMember(balancer, value, isDown, 1),
    isKnown: balancer.members.some((member) => member.params.route === value),
  };
}

/** get_path_param: the value after the first `name=` with something after it, up to a delimiter. */
function pathParam(url: string, name: string, semicolon: boolean): string | undefined {
  const delimiters = semicolon ? /[;?&]/ : /[?&]/;
  for (let at = url.indexOf(name); at >= 0; at = url.indexOf(name, at + 1)) {
    const rest = url.slice(at + name.length);
    if (!rest.startsWith('=') || rest.length === 1) continue;
    // apr_strtok skips leading delimiters, then takes the token.
    const token = rest
      .slice(1)
      .split(delimiters)
      .find((part) => part !== '');
    return token;
  }
  return undefined;
}

/** get_cookie_param: the first `name=value` at a cookie boundary with a value, up to `;` or `,`. */
function cookieParam(cookies: string | undefined, name: string): string | undefined {
  if (cookies === undefined) return undefined;
  for (let at = cookies.indexOf(name); at >= 0; at = cookies.indexOf(name, at + 1)) {
    const before = at === 0 ? undefined : cookies[at - 1]!;
    if (before !== undefined && before !== ';' && before !== ',' && !/\s/.test(before)) continue;
    const rest = cookies.slice(at + name.length).replace(/^\s+/, '');
    if (!rest.startsWith('=') || rest.length === 1) continue;
    return rest.slice(1).split(/[;,]/)[0];
  }
  return undefined;
}

/** find_route_worker: the first member with the route that can take requests, standbys last, following `redirect=`. */
function routeMember(balancer: Balancer, route: string, isDown: (member: Member) => boolean, depth: number): Member | undefined {
  const isStandby = (member: Member): boolean => (member.params.status & (STATUS_BITS.H | STATUS_BITS.R)) !== 0;
  for (const standby of [false, true]) {
    for (const member of balancer.members) {
      if (isStandby(member) !== standby || member.params.route !== route || route === '') continue;
      if ((member.params.status & NOT_USABLE_STATUS_BITS) === 0 && !isDown(member)) return member;
      if (member.params.redirect !== '' && depth < balancer.members.length) {
        const redirected = routeMember(balancer, member.params.redirect, isDown, depth + 1);
        if (redirected) return redirected;
      }
    }
  }
  return undefined;
}
