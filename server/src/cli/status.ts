/** `balancer-lens status`: running Apache servers' balancer-manager pages against the configuration, as text, markdown or the JSON contract. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { compareLive, LiveReport } from '../core/live/compare';
import { parseManagerPage } from '../core/live/manager-page';
import { AUTH_VARIABLE, fetchManagerPage, managerUrlError, parseNetrc } from '../node/manager-fetch';
import { statusJson, statusMarkdown, statusText, type ServerStatus } from './formats/status';
import { CliIo, describe, ExitCode, UsageError } from './io';
import { inertJson, oneLine } from './one-line';
import { EXT_HELP, LIMITS_HELP, READ_OPTIONS, VARIABLES_HELP } from './read-options';
import { readConfiguration } from './read-set';
import { parseCommandLine } from './usage';
import { version } from './version';

/** The output formats of `status`; public API. */
const STATUS_FORMATS = ['text', 'json', 'markdown'] as const;
type StatusFormat = (typeof STATUS_FORMATS)[number];

const DEFAULT_TIMEOUT_SECONDS = 10;
/** At most this many pages are fetched at once. */
export const CONCURRENT_FETCHES = 8;
/** A balancer-manager page of 10,000 members is about 4 MB. */
const MAX_PAGE_BYTES = 16 * 1024 * 1024;
const MAX_REDIRECTS = 3;

/** The help of `balancer-lens status --help`. */
export const STATUS_USAGE = `usage: balancer-lens status URL... [PATH|DIR|GLOB|-]... [options]

Compares running Apache servers with the configuration: each URL is a balancer-manager page
(SetHandler balancer-manager), fetched with a plain GET and never a query (with its nonce, a query
changes the balancer); the configuration is read as lint reads it (default: the current folder).
For each balancer it reports members configured but not running and the reverse, status flags
(Err, Dis, Drn, Stby, HcFl, …) and loadfactor, lbset, route or lbmethod edited at run time, and
tests each member's Elected count against the share the scheduler gives it as it runs now.
Several URLs (a fleet) are fetched ${CONCURRENT_FETCHES} at a time.

options:
  -f, --format FORMAT     text (default), json (the contract in docs/cli.md) or markdown (job summaries)
      --timeout SECONDS   the most one page may take, redirects included (default ${DEFAULT_TIMEOUT_SECONDS})
      --ca-file FILE      trust these PEM certificates for https:// instead of Node.js's bundled ones
      --netrc-file FILE   credentials per host from a netrc file (machine HOST login USER password PASS)
      --server-root DIR   where relative Include paths start unless the configuration sets ServerRoot
${EXT_HELP}
${VARIABLES_HELP}
${LIMITS_HELP}
  -h, --help              show this help

environment:
  ${AUTH_VARIABLE}=user:password  HTTP Basic credentials for every URL (a netrc entry for the host wins)

exit codes: 0 every server runs the configuration, 1 a running server differs from it, 2 a page
cannot be read or is not a balancer-manager page, a bad flag or an unreadable file, 3 internal error`;

/** Runs the command; resolves to the exit code. */
export async function runStatus(io: CliIo, argv: readonly string[]): Promise<ExitCode> {
  const { values, positionals } = parseCommandLine('status', argv, {
    format: { type: 'string', short: 'f' },
    timeout: { type: 'string' },
    'ca-file': { type: 'string' },
    'netrc-file': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
    ...READ_OPTIONS,
  });
  if (values.help) {
    io.stdout.write(`${STATUS_USAGE}\n`);
    return ExitCode.Clean;
  }
  const format = (values.format ?? 'text') as StatusFormat;
  if (!STATUS_FORMATS.includes(format)) throw new UsageError(`unknown format '${values.format}': use ${STATUS_FORMATS.join(', ')}`);
  const timeout = values.timeout === undefined ? DEFAULT_TIMEOUT_SECONDS : Number(values.timeout);
  if (!(/^\d+(\.\d+)?$/.test(values.timeout ?? '1') && timeout >= 0.1 && timeout <= 600))
    throw new UsageError(`--timeout takes seconds from 0.1 to 600, not '${values.timeout}'`);
  const urls = positionals.filter((arg) => /^[a-z][a-z0-9+.-]*:\/\//i.test(arg));
  const paths = positionals.filter((arg) => !urls.includes(arg));
  if (urls.length === 0) throw new UsageError('status needs the URL of a balancer-manager page (balancer-lens status --help)');
  for (const url of urls) {
    let wrong: string | undefined;
    try {
      wrong = managerUrlError(new URL(url));
    } catch {
      wrong = 'not a URL';
    }
    // The URL is not repeated: it may hold a password.
    if (wrong) throw new UsageError(`URL ${urls.indexOf(url) + 1}: ${wrong}`);
  }
  const ca = values['ca-file'] === undefined ? undefined : readText(io, values['ca-file'], '--ca-file');
  const netrc = values['netrc-file'] === undefined ? undefined : parseNetrc(readText(io, values['netrc-file'], '--netrc-file'));
  const auth = io.env[AUTH_VARIABLE];
  if (auth !== undefined && auth !== '' && !auth.includes(':'))
    throw new UsageError(`${AUTH_VARIABLE} takes user:password (the value is not shown)`);
  const credentialsFor = (host: string): string | undefined => netrc?.(host) ?? (auth === '' ? undefined : auth);

  const { configuration, locate } = readConfiguration(io, paths, values, { infinitive: 'to compare with', gerund: 'comparing with' });
  const { analysis } = configuration;
  const options = {
    timeoutMs: timeout * 1000,
    maxBytes: MAX_PAGE_BYTES,
    maxRedirects: MAX_REDIRECTS,
    credentialsFor,
    userAgent: `balancer-lens/${version()}`,
    ...(ca === undefined ? {} : { ca }),
  };
  const servers = await mapConcurrently(urls, CONCURRENT_FETCHES, async (url): Promise<ServerStatus> => {
    const fetched = await fetchManagerPage(url, options);
    if ('error' in fetched) return { url, error: fetched.error };
    const parsed = parseManagerPage(fetched.text);
    if ('error' in parsed) return { url, error: parsed.error };
    const report: LiveReport = compareLive(parsed.page, analysis.previews, analysis.model.persist);
    return { url, page: parsed.page, report };
  });
  if (format === 'json') io.stdout.write(`${inertJson(JSON.stringify(statusJson(servers, locate)))}\n`);
  else if (format === 'markdown') io.stdout.write(statusMarkdown(servers, locate));
  else io.stdout.write(statusText(servers, locate));
  for (const server of servers) if ('error' in server) io.stderr.write(`balancer-lens: ${oneLine(server.url)}: ${oneLine(server.error)}\n`);
  if (servers.some((server) => 'error' in server)) return ExitCode.Incomplete;
  return servers.some((server) => 'report' in server && server.report.differs) ? ExitCode.Findings : ExitCode.Clean;
}

function readText(io: CliIo, file: string, flag: string): string {
  try {
    return readFileSync(resolve(io.cwd, file), 'utf8');
  } catch (error) {
    throw new UsageError(`${flag}: cannot read ${file}: ${describe(error)}`);
  }
}

/** Maps with at most `limit` calls in flight, results in input order. */
async function mapConcurrently<T, R>(items: readonly T[], limit: number, map: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await map(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
