/**
 * Apache httpd 2.4 directives as the manual lists them: lookup by name, did-you-mean, and the
 * LoadModule identifier of the module that implements each one. The data is `./table.ts`,
 * generated from apache2-doc by `scripts/generate-directives.mjs`.
 */
import { DIRECTIVES } from './table';
import { asciiLower } from '../ascii';
import { closestIndex } from '../suggest';

/** One directive from the manual's quick reference. */
export interface DirectiveInfo {
  /** Canonical spelling; a section keeps its '<' (`<Proxy`), without the closing '>'. */
  readonly name: string;
  /** The module whose manual page documents it: `core`, `mod_proxy`, `mpm_common`, `prefork`, … */
  readonly module: string;
  /** Allowed contexts, in this order: s = server config, v = virtual host, d = directory, h = .htaccess, p = proxy section. */
  readonly contexts: string;
}

/**
 * Lower-cased name → entry; a name documented by two modules (HeartbeatStorage) keeps the first in table order.
 * The manual's names are ASCII (test/unit/syntax/directives.test.ts), so the native `toLowerCase` folds
 * them as asciiLower would, in a tenth of the time of asciiLower's first, interpreted run at start-up.
 */
const BY_NAME: ReadonlyMap<string, DirectiveInfo> = (() => {
  const map = new Map<string, DirectiveInfo>();
  for (const directive of DIRECTIVES) {
    const key = directive.name.toLowerCase();
    if (!map.has(key)) map.set(key, directive);
  }
  return map;
})();

/** Every distinct directive name, lower-cased, in table order (the tie-break order for suggestions). */
const LOWER_NAMES: readonly string[] = [...BY_NAME.keys()];
const CANONICAL_NAMES: readonly string[] = [...BY_NAME.values()].map((directive) => directive.name);

/** Looks a directive up ASCII-case-insensitively, as httpd does; a section is looked up with its '<' (`<proxy`). */
export function findDirective(name: string): DirectiveInfo | undefined {
  return BY_NAME.get(asciiLower(name));
}

/** The closest known directive name to an unknown one (canonical spelling), or undefined when nothing is close enough. */
export function suggestDirective(name: string): string | undefined {
  const index = closestIndex(asciiLower(name), LOWER_NAMES);
  return index === undefined ? undefined : CANONICAL_NAMES[index];
}

/**
 * Module identifiers that do not follow `mod_x` → `x_module`, as printed under "Module Identifier"
 * on each module's manual page. `mpm_common` is not a module: its page documents directives shared
 * by the MPMs, which the loaded MPM (or core) implements, so it has no identifier ('').
 */
const IRREGULAR_IDENTIFIERS: ReadonlyMap<string, string> = new Map([
  ['event', 'mpm_event_module'],
  ['prefork', 'mpm_prefork_module'],
  ['worker', 'mpm_worker_module'],
  ['mpmt_os2', 'mpm_mpmt_os2_module'],
  ['mod_nw_ssl', 'nwssl_module'],
  ['mpm_common', ''],
]);

/**
 * The identifier LoadModule and `<IfModule>` use for a module named as in the manual:
 * `mod_proxy_balancer` → `proxy_balancer_module`, `core` → `core_module`, `prefork` →
 * `mpm_prefork_module`, `mpm_winnt` → `mpm_winnt_module`; '' for `mpm_common` (see above).
 */
export function moduleIdentifier(module: string): string {
  const irregular = IRREGULAR_IDENTIFIERS.get(module);
  if (irregular !== undefined) return irregular;
  return `${module.startsWith('mod_') ? module.slice(4) : module}_module`;
}
