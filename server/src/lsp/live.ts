/**
 * The running servers the editor compares with the files (`balancerLens.live.url`): their
 * balancer-manager pages, fetched as `balancer-lens status` fetches them, when the setting changes,
 * every `balancerLens.live.interval` seconds and on the `balancerLens.live.refresh` command; never
 * on a keystroke. Hovers and diagnostics read the last pages fetched. Credentials come from the
 * BALANCER_LENS_STATUS_AUTH the server was started with.
 */
import type { LivePage } from '../core/live/editor';
import { ManagerPage, parseManagerPage } from '../core/live/manager-page';
import { AUTH_VARIABLE, fetchManagerPage, FetchOptions } from '../node/manager-fetch';

/** The command that fetches the pages again now. */
export const LIVE_REFRESH_COMMAND = 'balancerLens.live.refresh';

/** The live pages of a server. */
export interface LiveMonitor {
  /** The pages read at the last fetch (a page that could not be read is left out, and logged). */
  pages(): readonly LivePage[];
  /** Follows the settings: fetches at once when the URLs changed, then every `intervalSeconds`. */
  configure(urls: readonly string[], intervalSeconds: number): void;
  /** Fetches every page now; resolves once the pages are updated. */
  refresh(): Promise<void>;
}

/** What a monitor takes from its process: the environment, the clock and the network (tests give their own). */
export interface LiveEdges {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly now: () => number;
  readonly fetchPage: typeof fetchManagerPage;
}

const PROCESS_EDGES: LiveEdges = { env: process.env, now: () => Date.now(), fetchPage: fetchManagerPage };

/** A monitor that calls `updated` after each fetch and `log`s the pages it could not read. */
export function liveMonitor(updated: () => void, log: (message: string) => void, edges: LiveEdges = PROCESS_EDGES): LiveMonitor {
  let urls: readonly string[] = [];
  let pages: readonly LivePage[] = [];
  let timer: ReturnType<typeof setInterval> | undefined;
  let generation = 0;
  const auth = edges.env[AUTH_VARIABLE];
  const options: FetchOptions = {
    timeoutMs: 10_000,
    maxBytes: 16 * 1024 * 1024,
    maxRedirects: 3,
    credentialsFor: () => (auth === undefined || auth === '' ? undefined : auth),
    userAgent: 'balancer-lens (editor)',
  };
  const refresh = async (): Promise<void> => {
    const asked = ++generation;
    const fetched = await Promise.all(
      urls.map(async (url): Promise<LivePage | undefined> => {
        const answer = await edges.fetchPage(url, options);
        const parsed = 'error' in answer ? answer : parseManagerPage(answer.text);
        if ('error' in parsed) {
          log(`balancer-lens: live ${url}: ${parsed.error}`);
          return undefined;
        }
        return withSince(
          url,
          parsed.page,
          edges.now(),
          pages.find((page) => page.url === url),
        );
      }),
    );
    // A slower, older fetch never overwrites a newer one.
    if (asked !== generation) return;
    pages = fetched.filter((page): page is LivePage => page !== undefined);
    updated();
  };
  return {
    pages: () => pages,
    configure(next, intervalSeconds) {
      const isSame = next.length === urls.length && next.every((url, index) => url === urls[index]);
      clearInterval(timer);
      timer = undefined;
      urls = next;
      if (urls.length === 0) {
        if (!isSame) {
          generation++;
          pages = [];
          updated();
        }
        return;
      }
      timer = setInterval(() => void refresh(), intervalSeconds * 1000);
      timer.unref();
      if (!isSame) void refresh();
    },
    refresh,
  };
}

/** The page with, for each member, when its status words were first seen as they are now: kept from `before` while they stay the same. */
function withSince(url: string, page: ManagerPage, fetchedAt: number, before: LivePage | undefined): LivePage {
  const since = new Map<string, number>();
  for (const balancer of page.balancers)
    for (const member of balancer.members) {
      const earlier = before?.page.balancers.find((each) => each.name === balancer.name)?.members.find((each) => each.name === member.name);
      const first = earlier?.statusText === member.statusText ? before?.since?.get(member.name) : undefined;
      since.set(member.name, first ?? fetchedAt);
    }
  return { url, page, fetchedAt, since };
}
