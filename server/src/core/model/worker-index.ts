/**
 * Workers by name, as ap_proxy_get_worker_ex finds them: the longest existing name that prefixes
 * a URL.
 */
import { workerLookupKey } from './urls';

/**
 * Workers (balancer members, or a scope's plain workers) by name (the first of each name), and the distinct name
 * lengths under each `scheme://authority` (the name up to the first `/` after `://`), longest first.
 */
export interface NameIndex<T extends { readonly name: string }> {
  readonly byName: Map<string, T>;
  readonly lengths: Map<string, number[]>;
}

export function indexName<T extends { readonly name: string }>(index: NameIndex<T>, worker: T): void {
  const name = worker.name;
  if (index.byName.has(name)) return;
  index.byName.set(name, worker);
  const slash = name.indexOf('/', name.indexOf(':') + 3);
  const authority = slash < 0 ? name : name.slice(0, slash);
  const lengths = index.lengths.get(authority);
  if (!lengths) index.lengths.set(authority, [name.length]);
  else if (!lengths.includes(name.length)) {
    const at = lengths.findIndex((length) => length < name.length);
    lengths.splice(at < 0 ? lengths.length : at, 0, name.length);
  }
}

/**
 * ap_proxy_get_worker_ex: the longest existing worker name that prefixes the new URL, covering its
 * host. Apache scans every worker; a name that prefixes the key and covers its authority has the
 * key's authority as its own, so only that bucket's few distinct lengths are tried (a balancer
 * with 100,000 members stays linear).
 */
export function longestPrefix<T extends { readonly name: string }>(index: NameIndex<T>, url: string): T | undefined {
  const lookup = workerLookupKey(url);
  if (!lookup) return undefined;
  const { key, minMatch } = lookup;
  for (const length of index.lengths.get(key.slice(0, minMatch)) ?? []) {
    if (length > key.length || length < minMatch) continue;
    const worker = index.byName.get(key.slice(0, length));
    if (worker) return worker;
  }
  return undefined;
}
