/** A request as a client sends it, what the member answers, and what Apache does with both (the trace). */
import type { Span } from '../span';

/** A client's request: the URL it asked for (its host and port say where it connected) and its headers. */
export interface ClientRequest {
  readonly method: string;
  readonly scheme: 'http' | 'https';
  /** The URL's host, lower case, without brackets. */
  readonly host: string;
  readonly port: number;
  /** The path as sent, still percent-encoded; starts with `/`. */
  readonly path: string;
  /** The query string without `?`, or undefined when the URL has none. */
  readonly query: string | undefined;
  /** The headers as given, in order; `Host` is added from the URL unless given. */
  readonly headers: readonly (readonly [name: string, value: string])[];
}

/** How the member answers, for the way back. */
export interface BackendAnswer {
  readonly status?: number;
  /** The `Location` header the member sends. */
  readonly location?: string;
  /** The `Set-Cookie` header the member sends. */
  readonly setCookie?: string;
  /** Member URLs nothing listens on. */
  readonly down?: readonly string[];
}

/** One decision of the trace and the line that made it (none when Apache's defaults decided). */
export interface TraceStep {
  readonly what: string;
  readonly span: Span | undefined;
}

/** What the member receives. */
export interface BackendRequest {
  readonly method: string;
  readonly url: string;
  /** Lower-case names. */
  readonly headers: Readonly<Record<string, string>>;
}

/** Everything Apache does to one request, as the JSON contract of `trace` has it. */
export interface Trace {
  readonly handledBy: 'proxy' | 'local' | 'error';
  /** The status the client receives; null when it depends on files the configuration cannot show. */
  readonly status: number | null;
  readonly balancer: string | null;
  /** The member URL as written in its BalancerMember line, or the worker URL of a plain ProxyPass. */
  readonly member: string | null;
  readonly backendRequest: BackendRequest | null;
  readonly clientLocation: string | null;
  readonly clientSetCookie: string | null;
  readonly steps: readonly TraceStep[];
}

/** Schemes and default ports of the URLs `trace` takes. */
const DEFAULT_PORT = { http: 80, https: 443 } as const;

/**
 * Reads an absolute http(s) URL into a request, or says what is wrong with it. The path keeps its
 * percent-encoding: what Apache decodes, and whether it refuses `%2F`, is the model's decision.
 */
export function parseRequest(
  method: string,
  url: string,
  headers: readonly (readonly [string, string])[],
): ClientRequest | { readonly error: string } {
  const match = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/(\[[^\]]*\]|[^/?#:]*)(?::(\d*))?([^?#]*)(?:\?([^#]*))?(?:#.*)?$/.exec(url);
  if (!match) return { error: `'${url}' is not an absolute URL (http://host[:port]/path)` };
  const [, rawScheme = '', rawHost = '', port, rawPath = '', query] = match;
  const scheme = rawScheme.toLowerCase();
  if (scheme !== 'http' && scheme !== 'https') return { error: `'${url}' is not an http or https URL` };
  const host = rawHost.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === '') return { error: `'${url}' has no host` };
  const portNumber = port === undefined || port === '' ? DEFAULT_PORT[scheme] : Number(port);
  if (!(portNumber >= 1 && portNumber <= 65535)) return { error: `'${url}' has port ${port}, outside 1–65535` };
  if (!/^[A-Za-z!#$%&'*+.^_`|~0-9-]+$/.test(method)) return { error: `'${method}' is not an HTTP method` };
  const hasHost = headers.some(([name]) => name.toLowerCase() === 'host');
  const isDefault = portNumber === DEFAULT_PORT[scheme];
  const hostHeader = `${rawHost}${isDefault ? '' : `:${portNumber}`}`;
  return {
    method,
    scheme,
    host,
    port: portNumber,
    path: rawPath === '' ? '/' : rawPath,
    query,
    headers: hasHost ? headers : [['Host', hostHeader], ...headers],
  };
}

/** Reads `Name: value` as a header, or says what is wrong with it. */
export function parseHeader(text: string): readonly [string, string] | { readonly error: string } {
  const colon = text.indexOf(':');
  const name = colon < 0 ? '' : text.slice(0, colon).trim();
  if (!/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(name)) return { error: `'${text}' is not a header (write "Name: value")` };
  return [name, text.slice(colon + 1).trim()];
}

/** The value of the first header named `name` (any case). */
export function headerValue(request: ClientRequest, name: string): string | undefined {
  const lower = name.toLowerCase();
  return request.headers.find(([each]) => each.toLowerCase() === lower)?.[1];
}
