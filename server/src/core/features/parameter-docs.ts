/**
 * What each parameter means and what Apache accepts, for hover and completion
 * (docs/apache-semantics.md, set_worker_param, set_balancer_param, ap_proxy_set_wstatus).
 */

/** Documentation of one `key=value` parameter. */
export interface ParameterDoc {
  readonly key: string;
  readonly target: 'member' | 'balancer';
  readonly summary: string;
  readonly accepts: string;
}

/** Worker (member) parameters, then balancer parameters. */
export const PARAMETER_DOCS: readonly ParameterDoc[] = [
  {
    key: 'loadfactor',
    target: 'member',
    summary: "the member's weight: byrequests gives it loadfactor / Σ loadfactor of the requests",
    accepts: 'a number from 1 to 100 (Apache keeps trunc(value × 100), so 1.15 is stored as 1.14); default 1',
  },
  {
    key: 'lbset',
    target: 'member',
    summary: "the member's tier: Apache uses the lowest lbset that has a usable member and ignores higher ones",
    accepts: '0 to 99 (read with atoi: junk becomes 0); default 0',
  },
  {
    key: 'status',
    target: 'member',
    summary:
      'initial status flags: D disabled, S stopped, H hot standby, R hot spare, N drain, I ignore errors, E in error (cleared on the first request), C health check failed',
    accepts: 'letters from D S E I H R N C, each group after an optional + (set) or - (clear), no spaces; e.g. +H, -D+N',
  },
  {
    key: 'route',
    target: 'member',
    summary: "the member's route for sticky sessions: the value after the separator in the session cookie or URL parameter",
    accepts: 'text shorter than 64 bytes',
  },
  {
    key: 'redirect',
    target: 'member',
    summary: 'the route to send sticky requests to while this member is unusable',
    accepts: 'text shorter than 64 bytes',
  },
  { key: 'retry', target: 'member', summary: 'seconds before a member in error is tried again', accepts: 'whole seconds ≥ 0; default 60' },
  {
    key: 'timeout',
    target: 'member',
    summary: 'connection timeout in seconds to this member (on a balancer: how long to wait for a free member)',
    accepts: 'whole seconds ≥ 1',
  },
  {
    key: 'connectiontimeout',
    target: 'member',
    summary: 'time allowed to open the connection to the member',
    accepts: 'an integer with optional unit ms, s, mi, h (default s), at least 1 ms',
  },
  {
    key: 'ping',
    target: 'member',
    summary: 'time to wait for the member to answer a 100-Continue or CPING probe before sending the request',
    accepts: 'an integer with optional unit (default s), at least 1 ms',
  },
  {
    key: 'acquire',
    target: 'member',
    summary: 'time to wait for a free connection in the pool',
    accepts: 'an integer with optional unit (default ms), at least 1 ms',
  },
  { key: 'ttl', target: 'member', summary: 'seconds an idle pooled connection is kept', accepts: 'whole seconds ≥ 1' },
  { key: 'min', target: 'member', summary: 'connections always kept open to the member', accepts: 'a number ≥ 0' },
  { key: 'max', target: 'member', summary: 'maximum connections per child process', accepts: 'a number ≥ 0 (0: threads per child)' },
  { key: 'smax', target: 'member', summary: 'soft maximum of pooled connections', accepts: 'a number ≥ 0' },
  { key: 'keepalive', target: 'member', summary: 'send TCP keepalive probes on connections to the member', accepts: 'On or Off' },
  { key: 'disablereuse', target: 'member', summary: 'close the connection after each request instead of pooling it', accepts: 'On or Off' },
  { key: 'enablereuse', target: 'member', summary: 'pool connections to the member (the opposite of disablereuse)', accepts: 'On or Off' },
  {
    key: 'flushpackets',
    target: 'member',
    summary: 'flush the response to the client after each packet from the member',
    accepts: 'on, off or auto',
  },
  {
    key: 'flushwait',
    target: 'member',
    summary: 'milliseconds to wait for more data before flushing when flushpackets=auto',
    accepts: '0 to 1000 (0: 10 ms)',
  },
  { key: 'iobuffersize', target: 'member', summary: 'internal scratch buffer size', accepts: '0 or ≥ 512 bytes' },
  {
    key: 'receivebuffersize',
    target: 'member',
    summary: 'TCP receive buffer size for connections to the member',
    accepts: '0 or ≥ 512 bytes',
  },
  {
    key: 'responsefieldsize',
    target: 'member',
    summary: 'largest response header line accepted from the member',
    accepts: 'bytes ≥ 0 (0: 8192)',
  },
  {
    key: 'addressttl',
    target: 'member',
    summary: 'seconds a resolved address of the member is cached',
    accepts: '-1 (forever) or whole seconds',
  },
  { key: 'flusher', target: 'member', summary: 'name of the flush provider', accepts: 'text shorter than 16 bytes' },
  {
    key: 'upgrade',
    target: 'member',
    summary: 'protocol accepted for Upgrade requests (e.g. websocket)',
    accepts: 'text shorter than 16 bytes; ANY accepts every protocol',
  },
  { key: 'secret', target: 'member', summary: 'shared secret for AJP members', accepts: 'text shorter than 64 bytes' },
  {
    key: 'lbmethod',
    target: 'balancer',
    summary: 'how the balancer picks a member',
    accepts: 'byrequests (default), bytraffic, bybusyness, heartbeat — exact case, and its mod_lbmethod_* module must be loaded',
  },
  {
    key: 'stickysession',
    target: 'balancer',
    summary: 'the session cookie (and URL parameter after |) whose route sends a client back to its member',
    accepts: 'COOKIE or COOKIE|PARAMETER (kept to 63 bytes)',
  },
  {
    key: 'stickysessionsep',
    target: 'balancer',
    summary: 'the character before the route in the session value',
    accepts: 'one character, or Off for none; default .',
  },
  {
    key: 'nofailover',
    target: 'balancer',
    summary: 'when On, a sticky session whose member is down gets 503 instead of another member',
    accepts: 'On or Off; default Off',
  },
  {
    key: 'maxattempts',
    target: 'balancer',
    summary: 'how many other members to try after a failure',
    accepts: 'a number ≥ 0; default members − 1',
  },
  {
    key: 'failonstatus',
    target: 'balancer',
    summary: 'HTTP status codes from a member that put it in error',
    accepts: 'codes 100–599 separated by commas or spaces',
  },
  { key: 'failontimeout', target: 'balancer', summary: 'put a member in error when it times out', accepts: 'On or Off' },
  {
    key: 'scolonpathdelim',
    target: 'balancer',
    summary: 'also accept ;jsessionid=… style path parameters for stickiness',
    accepts: 'On or Off',
  },
  { key: 'nonce', target: 'balancer', summary: 'the balancer-manager nonce', accepts: 'None, or text shorter than 37 bytes' },
  { key: 'growth', target: 'balancer', summary: 'extra member slots for members added later in balancer-manager', accepts: '1 to 100' },
  {
    key: 'forcerecovery',
    target: 'balancer',
    summary: 'when every member is in error, retry them all at once',
    accepts: 'On or Off; default On',
  },
];

/** Meanings of the status letters. */
export const STATUS_DOCS: Readonly<Record<string, string>> = {
  D: 'disabled: takes no requests',
  S: 'stopped: takes no requests and is never retried',
  E: 'in error: retried after `retry` seconds — in the configuration, cleared on the first request',
  I: 'ignore errors: never put in error',
  H: 'hot standby: used only when its lbset has no usable regular member or spare',
  R: 'hot spare: replaces one unusable regular member of its lbset',
  N: 'drain: only sticky sessions already routed to it',
  C: 'health check failed: takes no requests until mod_proxy_hcheck clears it',
  U: 'shutting down (internal): takes no requests',
  O: 'initialized (internal)',
  G: 'generic (internal)',
  F: 'free (internal)',
};

/** The documentation of a key, case-insensitively. */
export function parameterDoc(key: string): ParameterDoc | undefined {
  const lower = key.toLowerCase();
  return PARAMETER_DOCS.find((doc) => doc.key === lower);
}
