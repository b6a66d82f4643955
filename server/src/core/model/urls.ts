/** Balancer names and worker URLs as mod_proxy recognises and normalises them (spec §2.1, §2.3). */
import { utf8Length } from './params';

/** Longest balancer name Apache accepts, in bytes, `balancer://` included (PROXY_BALANCER_MAX_NAME_SIZE). */
const MAX_BALANCER_NAME = 96;
const MAX_HOSTNAME = 256;

/** Default ports that Apache drops from a worker's name. */
const DEFAULT_PORTS: Record<string, string> = {
  http: '80', https: '443', ws: '80', wss: '443', h2c: '80', h2: '443', ajp: '8009', fcgi: '8000', scgi: '4000', ftp: '21', uwsgi: '3031',
};

/** `ap_proxy_valid_balancer_name`: the first 9 characters are `balancer:`, in any case. */
export function isBalancerUrl(url: string): boolean {
  return url.slice(0, 9).toLowerCase() === 'balancer:';
}

/** A balancer's identity (lower case, path dropped), or Apache's message when it has none. */
export function balancerName(url: string): { name: string } | { error: string } {
  const colon = url.indexOf(':');
  if (colon < 0 || url[colon + 1] !== '/' || url[colon + 2] !== '/' || colon + 3 >= url.length) {
    return { error: `Bad syntax for a balancer name (${url})` };
  }
  const slash = url.indexOf('/', colon + 3);
  const name = (slash < 0 ? url : url.slice(0, slash)).toLowerCase();
  if (utf8Length(name) >= MAX_BALANCER_NAME) return { error: `balancer name (${name}) too long` };
  return { name };
}

/** A worker URL split into the parts Apache keeps. */
export interface WorkerUrl {
  /** Lower-case scheme and host, default port dropped, path as written. */
  readonly name: string;
  /** Length of `scheme://host[:port]` in `name`: a shared prefix must cover at least this. */
  readonly authorityLength: number;
}

/** Parses a member URL as `ap_proxy_define_worker_ex` does, or returns Apache's message. */
export function workerUrl(url: string): WorkerUrl | { error: string } {
  let target = url;
  const bar = url.indexOf('|');
  if (url.slice(0, 5).toLowerCase() === 'unix:' && bar >= 0) {
    // unix:/path/to/socket|http://host/ — the part after `|` is the URL mod_proxy uses.
    if (url[5] !== '/' || bar === url.length - 1) return { error: 'uses an invalid "unix:" URL' };
    target = url.slice(bar + 1);
  }
  const match = /^([A-Za-z][A-Za-z0-9+.-]*):(.*)$/s.exec(target);
  if (!match) return { error: /^[0-9]/.test(target) ? `Unable to parse URL: ${url}` : `URL must be absolute!: ${url}` };
  const scheme = match[1]!.toLowerCase();
  const rest = match[2]!;
  if (!rest.startsWith('//')) return { error: `URL must be absolute!: ${url}` };
  const authorityEnd = searchEnd(rest, 2);
  const authority = rest.slice(2, authorityEnd);
  const path = rest.slice(authorityEnd);
  const hostPort = authority.slice(authority.lastIndexOf('@') + 1);
  let host: string;
  let port = '';
  if (hostPort.startsWith('[')) {
    const close = hostPort.indexOf(']');
    if (close < 0) return { error: `Unable to parse URL: ${url}` };
    host = hostPort.slice(0, close + 1);
    const after = hostPort.slice(close + 1);
    if (after !== '' && !after.startsWith(':')) return { error: `Unable to parse URL: ${url}` };
    port = after.slice(1);
  } else {
    const colon = hostPort.indexOf(':');
    host = colon < 0 ? hostPort : hostPort.slice(0, colon);
    port = colon < 0 ? '' : hostPort.slice(colon + 1);
  }
  if (port !== '' && !/^[0-9]+$/.test(port)) return { error: `Unable to parse URL: ${url}` };
  if (host === '') return { error: `URL must be absolute!: ${url}` };
  if (utf8Length(host) >= MAX_HOSTNAME) return { error: `worker hostname (${host}) too long` };
  const keepPort = port !== '' && DEFAULT_PORTS[scheme] !== String(Number(port));
  const base = `${scheme}://${host.toLowerCase()}${keepPort ? `:${port}` : ''}`;
  return { name: base + path, authorityLength: base.length };
}

function searchEnd(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (c === '/' || c === '?' || c === '#') return i;
  }
  return text.length;
}
