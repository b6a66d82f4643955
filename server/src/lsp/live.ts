/**
 * The running servers the editor compares with the files (`balancerLens.live.url`): their
 * balancer-manager pages, fetched as `balancer-lens status` fetches them, when the setting changes,
 * every `balancerLens.live.interval` seconds and on the `balancerLens.live.refresh` command; never
 * on a keystroke. Hovers and diagnostics read the last pages fetched. Credentials come from the
 * BALANCER_LENS_STATUS_AUTH the server was started with.
 */
import type { LivePage } from '../core/live/editor';
import { parseManagerPage } from '../core/live/manager-page';
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

/** A monitor that calls `updated` after each fetch and `log`s the pages it could not read. */
export function liveMonitor(
  updated: () => void,
  log: (message: string) => void,
  env: Readonly<Record<string, string | undefined>> = process.env,
): LiveMonitor {
  let urls: readonly string[] = [];
  let pages: readonly LivePage[] = [];
  let timer: ReturnType<typeof setInterval> | undefined;
  let generation = 0;
  const auth = env[AUTH_VARIABLE];
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
        const answer = await fetchManagerPage(url, options);
        const parsed = 'error' in answer ? answer : parseManagerPage(answer.text);
        if ('error' in parsed) {
          log(`balancer-lens: live ${url}: ${parsed.error}`);
          return undefined;
        }
        return { url, page: parsed.page };
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
