/** `balancer-lens trace`: what Apache does to one request on a configuration, as text or as the JSON contract. */
import { parseHeader, parseRequest, type BackendAnswer, type Trace } from '../core/requests/request';
import { traceRequest } from '../core/requests/trace';
import { CliIo, ExitCode, UsageError } from './io';
import { inertJson, oneLine } from './one-line';
import { EXT_HELP, LIMITS_HELP, READ_OPTIONS, VARIABLES_HELP } from './read-options';
import { readConfiguration } from './read-set';
import { parseCommandLine } from './usage';

/** The output formats of `trace`; public API. */
const TRACE_FORMATS = ['text', 'json'] as const;

/** The help of `balancer-lens trace --help`. */
export const TRACE_USAGE = `usage: balancer-lens trace [PATH|DIR|GLOB|-]... --url URL [options]

Shows what Apache does to one request: the server that answers, the <Location>, RewriteRule or
ProxyPass that takes it, the balancer and the member a freshly started Apache picks, the URL and
headers the member receives, and what the client gets back. Reads the configuration as lint does.

options:
      --url URL               the request: http(s)://host[:port]/path?query; its host and port
                              choose the server as a client's connection would
      --method M              the request's method (default GET)
      --header "Name: value"  a request header (repeatable); Host defaults to the URL's
      --backend-location URL  the member answers with this Location (see it mapped back)
      --backend-cookie "SET-COOKIE VALUE"  the member answers with this Set-Cookie
      --backend-status N      the member answers with status N (default 200)
      --backend-down URL      nothing listens on this member URL (repeatable): failover, 503
  -f, --format FORMAT         text (default) or json (the contract in docs/cli.md)
      --server-root DIR       where relative Include paths start unless the configuration sets ServerRoot
${EXT_HELP}
${VARIABLES_HELP}
${LIMITS_HELP}
  -h, --help                  show this help

exit codes: 0 the request is traced, 2 bad URL or flag, unreadable file, 3 internal error`;

/** Runs the command; returns the exit code. */
export function runTrace(io: CliIo, argv: readonly string[]): ExitCode {
  const { values, positionals } = parseCommandLine('trace', argv, {
    url: { type: 'string' },
    method: { type: 'string' },
    header: { type: 'string', multiple: true },
    'backend-location': { type: 'string' },
    'backend-cookie': { type: 'string' },
    'backend-status': { type: 'string' },
    'backend-down': { type: 'string', multiple: true },
    format: { type: 'string', short: 'f' },
    help: { type: 'boolean', short: 'h' },
    ...READ_OPTIONS,
  });
  if (values.help) {
    io.stdout.write(`${TRACE_USAGE}\n`);
    return ExitCode.Clean;
  }
  const format = values.format ?? 'text';
  if (!(TRACE_FORMATS as readonly string[]).includes(format))
    throw new UsageError(`unknown format '${format}': use ${TRACE_FORMATS.join(', ')}`);
  if (values.url === undefined) throw new UsageError('trace needs --url URL (balancer-lens trace --help)');
  const headers = (values.header ?? []).map((text) => {
    const header = parseHeader(text);
    if ('error' in header) throw new UsageError(`--header: ${header.error}`);
    return header;
  });
  const request = parseRequest(values.method ?? 'GET', values.url, headers);
  if ('error' in request) throw new UsageError(`--url: ${request.error}`);
  const status = values['backend-status'];
  if (status !== undefined && !/^[1-5]\d\d$/.test(status))
    throw new UsageError(`--backend-status takes a status from 100 to 599, not '${status}'`);
  const answer: BackendAnswer = {
    ...(status === undefined ? {} : { status: Number(status) }),
    ...(values['backend-location'] === undefined ? {} : { location: values['backend-location'] }),
    ...(values['backend-cookie'] === undefined ? {} : { setCookie: values['backend-cookie'] }),
    down: values['backend-down'] ?? [],
  };

  const { configuration, locate } = readConfiguration(io, positionals, values, {
    infinitive: 'to trace through',
    gerund: 'tracing through',
  });
  const trace = traceRequest(configuration.analysis, request, answer);
  const steps = trace.steps.map((step) => {
    const at = step.span && locate(step.span.start);
    return { what: step.what, file: at?.file ?? null, line: at?.line ?? null };
  });
  if (format === 'json') io.stdout.write(`${inertJson(JSON.stringify({ ...trace, steps }))}\n`);
  else io.stdout.write(renderText(request.method, values.url, trace, steps));
  return ExitCode.Clean;
}

function renderText(
  method: string,
  url: string,
  trace: Trace,
  steps: readonly { what: string; file: string | null; line: number | null }[],
): string {
  const lines = [`${method} ${url}`];
  for (const step of steps) lines.push(`  → ${step.what}${step.file === null ? '' : ` (${step.file}:${step.line})`}`);
  const outcome = trace.handledBy === 'proxy' ? 'proxied' : trace.handledBy === 'local' ? 'answered by Apache itself' : 'refused by Apache';
  lines.push(`${outcome}: status ${trace.status ?? 'depends on the files on disk'}`);
  if (trace.backendRequest) {
    lines.push(`the member receives: ${trace.backendRequest.method} ${trace.backendRequest.url}`);
    for (const [name, value] of Object.entries(trace.backendRequest.headers)) lines.push(`  ${name}: ${value}`);
  }
  if (trace.clientLocation !== null) lines.push(`the client receives Location: ${trace.clientLocation}`);
  if (trace.clientSetCookie !== null) lines.push(`the client receives Set-Cookie: ${trace.clientSetCookie}`);
  // Each line on one line, with no workflow command a configuration could choose (one-line.ts).
  return `${lines.map(oneLine).join('\n')}\n`;
}
