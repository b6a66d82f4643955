/**
 * The way back: a member's `Location` through ProxyPassReverse (ap_proxy_location_reverse_map) and
 * its `Set-Cookie` through ProxyPassReverseCookiePath and ProxyPassReverseCookieDomain
 * (ap_proxy_cookie_reverse_map).
 */
import type { Balancer } from '../model/model';
import { balancerName, isBalancerUrl } from '../model/urls';
import type { Directive } from '../syntax/tree';

/** One ProxyPassReverse (or cookie) line: the public side and the member's side. */
export interface ReverseAlias {
  readonly directive: Directive;
  /** The public path (or domain). */
  readonly fake: string;
  /** The member's URL (or path, or domain). */
  readonly real: string;
}

/** The result of mapping a header back, and the line that did it. */
export interface Mapped {
  readonly value: string;
  readonly by: Directive | undefined;
}

/**
 * Maps a `Location` as mod_proxy does: the first alias whose real URL starts the location (for a
 * balancer, each member's URL followed by the balancer URL's path) replaces that start by the fake
 * path; a path result is made absolute with the request's scheme and host.
 */
export function reverseLocation(
  location: string,
  aliases: readonly ReverseAlias[],
  balancerOf: (url: string) => Balancer | undefined,
  base: string,
): Mapped {
  for (const alias of aliases) {
    const real = alias.real;
    const balancer = isBalancerUrl(real) ? balancerOf(real) : undefined;
    if (balancer) {
      const named = balancerName(real);
      const nameLength = 'name' in named ? named.name.length : real.length;
      let urlPart: string | undefined = real.slice(nameLength);
      if (urlPart === '' || urlPart === '/') urlPart = undefined;
      for (const member of balancer.members) {
        let name = member.name;
        if (urlPart !== undefined) {
          if (name.endsWith('/')) name = name.slice(0, -1);
          if (
            location.length >= name.length + urlPart.length &&
            location.slice(0, name.length).toLowerCase() === name.toLowerCase() &&
            location.startsWith(urlPart, name.length)
          )
            return { value: absolute(alias.fake + location.slice(name.length + urlPart.length), base), by: alias.directive };
        } else if (location.length >= name.length && location.slice(0, name.length).toLowerCase() === name.toLowerCase()) {
          const rest = location.slice(name.length);
          const value = alias.fake === '/' && rest.startsWith('/') ? rest : alias.fake + rest;
          return { value: absolute(value, base), by: alias.directive };
        }
      }
      continue;
    }
    let part = location;
    if (real.startsWith('/')) {
      const scheme = location.indexOf('://');
      const slash = scheme < 0 ? -1 : location.indexOf('/', scheme + 3);
      if (slash >= 0) part = location.slice(slash);
    }
    if (real.length > 0 && part.length >= real.length && part.slice(0, real.length).toLowerCase() === real.toLowerCase())
      return { value: absolute(alias.fake + part.slice(real.length), base), by: alias.directive };
  }
  return { value: location, by: undefined };
}

/** ap_construct_url: a path becomes `scheme://host[:port]path`. */
function absolute(value: string, base: string): string {
  return /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `${base}${value}`;
}

/**
 * Maps the `path=` and `domain=` attributes of a Set-Cookie value. A path that starts with the
 * member's path is replaced whole by the public one, not just its start (verified: `Path=/sub`
 * through `ProxyPassReverseCookiePath "/" "/app/"` becomes `Path=/app/`); a domain must be equal.
 */
export function reverseCookie(cookie: string, paths: readonly ReverseAlias[], domains: readonly ReverseAlias[]): Mapped {
  let by: Directive | undefined;
  const value = cookie.replace(/(;\s*)(path|domain)=([^;]*)/gi, (whole, lead: string, key: string, attribute: string) => {
    const isPath = key.toLowerCase() === 'path';
    for (const alias of isPath ? paths : domains) {
      const matches = isPath ? attribute.startsWith(alias.real) : attribute.toLowerCase() === alias.real.toLowerCase();
      if (!matches) continue;
      by = alias.directive;
      return `${lead}${key}=${alias.fake}`;
    }
    return whole;
  });
  return { value, by };
}
