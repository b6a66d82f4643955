/**
 * Fetches a balancer-manager page, for `balancer-lens status` and the editor's live line. Only a
 * plain GET of the URL's path is ever sent: the balancer-manager changes a balancer when a request
 * carries its parameters and nonce, so a URL with a query (or a redirect to one) is refused, never
 * sent. Bounded in time (one deadline for connecting, redirects and the body), in size and in
 * redirects; credentials come from the caller (an environment variable or a netrc file), never
 * from the URL, and no message repeats them.
 */
import * as http from 'node:http';
import * as https from 'node:https';

/** The environment variable that holds `user:password` for every page (never a flag: a command line shows in `ps`). */
export const AUTH_VARIABLE = 'BALANCER_LENS_STATUS_AUTH';

/** How a page is fetched. */
export interface FetchOptions {
  /** The whole fetch, redirects and body included. */
  readonly timeoutMs: number;
  readonly maxBytes: number;
  readonly maxRedirects: number;
  /** Certificates trusted for HTTPS instead of Node's bundled ones (`--ca-file`). */
  readonly ca?: string;
  /** `user:password` for HTTP Basic authentication of a host, or undefined for none. */
  readonly credentialsFor: (host: string) => string | undefined;
  readonly userAgent: string;
}

/** A page's text (decoded as its charset says: Apache serves ISO-8859-1), or why there is none. */
export type FetchResult = { readonly text: string; readonly url: string } | { readonly error: string };

/** Why a URL is not one balancer-lens fetches, or undefined when it is. */
export function managerUrlError(url: URL): string | undefined {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `${url.protocol} is not http: or https:`;
  if (url.username !== '' || url.password !== '')
    return 'credentials do not belong in the URL: set BALANCER_LENS_STATUS_AUTH=user:password or use --netrc-file';
  if (url.search !== '' || url.href.includes('?'))
    return 'a query is never sent to a balancer-manager (with its nonce it changes the balancer): give the page URL alone';
  return undefined;
}

/** GETs the page at `address`, following at most `maxRedirects` redirects within the deadline. */
export async function fetchManagerPage(address: string, options: FetchOptions): Promise<FetchResult> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return { error: 'not a URL' };
  }
  const refused = managerUrlError(url);
  if (refused) return { error: refused };
  const deadline = Date.now() + options.timeoutMs;
  const origin = url.origin;
  for (let redirects = 0; ; redirects++) {
    const answer = await getOnce(url, deadline, options, url.origin === origin);
    if ('error' in answer) return answer;
    if (!('location' in answer)) return { text: answer.text, url: url.href };
    if (redirects >= options.maxRedirects) return { error: `more than ${options.maxRedirects} redirects` };
    let next: URL;
    try {
      next = new URL(answer.location, url);
    } catch {
      return { error: `a redirect to ${JSON.stringify(answer.location.slice(0, 200))}, which is not a URL` };
    }
    next.hash = '';
    const wrong = managerUrlError(next);
    if (wrong) return { error: `a redirect to ${next.origin}${next.pathname} is not followed: ${wrong}` };
    if (url.protocol === 'https:' && next.protocol === 'http:') return { error: `a redirect from HTTPS to ${next.origin} is not followed` };
    url = next;
  }
}

type Answer = { readonly text: string } | { readonly location: string } | { readonly error: string };

/** One GET; credentials only to the origin the caller named. */
function getOnce(url: URL, deadline: number, options: FetchOptions, isFirstOrigin: boolean): Promise<Answer> {
  const remaining = deadline - Date.now();
  const seconds = `${Math.round(options.timeoutMs / 100) / 10} s`;
  if (remaining <= 0) return Promise.resolve({ error: `no answer within ${seconds}` });
  const credentials = isFirstOrigin ? options.credentialsFor(url.hostname) : undefined;
  const headers: http.OutgoingHttpHeaders = {
    Accept: 'text/html, text/xml;q=0.9',
    'Accept-Encoding': 'identity',
    Connection: 'close',
    'User-Agent': options.userAgent,
    ...(credentials === undefined ? {} : { Authorization: `Basic ${Buffer.from(credentials, 'utf8').toString('base64')}` }),
  };
  const request = { method: 'GET', headers, agent: false as const, ...(options.ca === undefined ? {} : { ca: options.ca }) };
  return new Promise((resolve) => {
    let settled = false;
    const finish = (answer: Answer): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(answer);
      client.destroy();
    };
    const client = (url.protocol === 'https:' ? https : http).request(url, request, (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location !== undefined) {
        finish({ location: response.headers.location });
        return;
      }
      if (status !== 200) {
        finish({ error: statusError(status, credentials !== undefined) });
        return;
      }
      const encoding = response.headers['content-encoding'];
      if (encoding !== undefined && encoding.toLowerCase() !== 'identity') {
        finish({ error: `the answer is ${encoding}-encoded, though none was asked for` });
        return;
      }
      const declared = Number(response.headers['content-length']);
      if (declared > options.maxBytes) {
        finish({ error: tooLarge(options.maxBytes) });
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) finish({ error: tooLarge(options.maxBytes) });
        else chunks.push(chunk);
      });
      response.on('end', () => {
        const bytes = Buffer.concat(chunks, size);
        const latin1 = /charset=(iso-8859-1|latin1)/i.test(response.headers['content-type'] ?? '');
        finish({ text: bytes.toString(latin1 ? 'latin1' : 'utf8') });
      });
      response.on('error', (error) => finish({ error: networkError(error) }));
      response.on('aborted', () => finish({ error: 'the connection closed before the page ended' }));
    });
    const timer = setTimeout(() => finish({ error: `no answer within ${seconds}` }), remaining);
    client.on('error', (error) => finish({ error: networkError(error) }));
    client.end();
  });
}

function tooLarge(maxBytes: number): string {
  return `the page is larger than ${Math.round(maxBytes / 1024 / 1024)} MB, far more than a balancer-manager writes`;
}

function statusError(status: number, sentCredentials: boolean): string {
  if (status === 401)
    return sentCredentials
      ? 'HTTP 401: the credentials given were refused'
      : 'HTTP 401: the page needs credentials (BALANCER_LENS_STATUS_AUTH=user:password, or --netrc-file)';
  if (status === 403) return 'HTTP 403: the server refuses this client the balancer-manager (see its Require lines)';
  if (status === 404) return 'HTTP 404: no page at this URL (is SetHandler balancer-manager on this path?)';
  return `HTTP ${status}`;
}

/** A network error in a few words: its code and message, never the request's headers. */
function networkError(error: Error): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ENOTFOUND') return 'no such host';
  return error.message || code || 'network error';
}

/** `machine HOST login USER password PASS` entries of a netrc file (and `default`), as `user:password` for a host. */
export function parseNetrc(text: string): (host: string) => string | undefined {
  const words = text.split(/\s+/).filter((word) => word !== '');
  const entries = new Map<string, { login?: string; password?: string }>();
  let current: { login?: string; password?: string } | undefined;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (word === 'machine') entries.set((words[++i] ?? '').toLowerCase(), (current = {}));
    else if (word === 'default') entries.set('', (current = {}));
    else if (word === 'login' && current) current.login = words[++i];
    else if (word === 'password' && current) current.password = words[++i];
    else if (word === 'account' || word === 'macdef') i++;
  }
  return (host) => {
    const entry = entries.get(host.toLowerCase()) ?? entries.get('');
    return entry?.login === undefined ? undefined : `${entry.login}:${entry.password ?? ''}`;
  };
}
