/** Read-time tests of `<IfModule>`, `<IfDefine>`, `<IfVersion>` and friends (spec §1.6). */
import type { Condition } from './tree';

/** Modules compiled into Debian's apache2 binary (`apache2 -l`), always loaded. */
const STATIC_MODULES = ['core_module', 'so_module', 'watchdog_module', 'http_module', 'log_config_module', 'logio_module', 'version_module', 'unixd_module'];

/** The Apache version `<IfVersion>` compares against: Debian's 2.4.71, the reference. */
export const APACHE_VERSION: readonly [number, number, number] = [2, 4, 71];

/** The read-time facts a test can ask about; `modules` undefined means "not known, assume loaded". */
export interface ReadFacts {
  readonly modules: ReadonlySet<string> | undefined;
  readonly flags: ReadonlySet<string>;
}

/** The source file name Apache also accepts for a module identifier: `proxy_module` ↔ `mod_proxy.c`. */
export function moduleFileName(identifier: string): string {
  const stem = identifier.replace(/_module$/, '');
  if (stem === 'core') return 'core.c';
  if (stem === 'http') return 'http_core.c';
  if (stem.startsWith('mpm_')) return `${stem.slice(4)}.c`;
  return `mod_${stem}.c`;
}

/** The initial module set: what is compiled in, each by identifier and by file name. */
export function staticModules(): Set<string> {
  const modules = new Set<string>();
  for (const id of STATIC_MODULES) addModule(modules, id);
  return modules;
}

/** Records a `LoadModule` so that both of its names answer `<IfModule>`. */
export function addModule(modules: Set<string>, identifier: string): void {
  modules.add(identifier);
  modules.add(moduleFileName(identifier));
}

/** The outcome of a conditional's test, or Apache's error text for a malformed one. */
export type TestResult = { readonly condition: Condition } | { readonly error: string };

/** Tests a conditional section; `name` is the canonical lower-case name without `<`. */
export function testCondition(name: string, words: readonly string[], facts: ReadFacts): TestResult | undefined {
  switch (name) {
    case 'ifmodule':
    case 'ifdefine':
    case 'iffile':
    case 'ifdirective':
    case 'ifsection':
      return testSimple(name, words, facts);
    case 'ifversion':
      return testVersion(words);
    default:
      return undefined;
  }
}

function testSimple(name: string, words: readonly string[], facts: ReadFacts): TestResult {
  let first = words[0] ?? '';
  let rest = words.slice(1);
  const negate = first.startsWith('!');
  if (negate) {
    first = first.slice(1);
    if (first === '') [first, rest] = [rest[0] ?? '', rest.slice(1)];
  }
  if (first === '') return { error: `<${canonical(name)}> directive requires additional arguments` };
  let result: boolean;
  let assumed = false;
  switch (name) {
    case 'ifmodule':
      assumed = facts.modules === undefined;
      result = facts.modules === undefined ? canNameModule(first) : facts.modules.has(first);
      break;
    case 'ifdefine':
      result = facts.flags.has(first);
      break;
    default:
      // IfFile, IfDirective, IfSection depend on the machine and the build: assume present.
      assumed = true;
      result = true;
  }
  return { condition: { active: negate ? !result : result, assumed } };
}

/**
 * Whether a name has the shape of a module identifier (`proxy_module`) or source file
 * (`mod_proxy.c`): names are case-sensitive, so `mod_proxy` or `MOD_PROXY.C` never match,
 * even when the loaded modules are unknown.
 */
function canNameModule(name: string): boolean {
  return /^[a-z0-9_]+_module$/.test(name) || /^[a-z0-9_]+\.c$/.test(name);
}

const VERSION_INVALID = 'Version appears to be invalid. It must have the format major[.minor[.patch]] where major, minor and patch are numbers.';

function testVersion(words: readonly string[]): TestResult {
  if (words.length === 0) return { error: '<IfVersion> directive requires additional arguments' };
  let op = words.length > 1 ? words[0]! : '=';
  const version = words.length > 1 ? words[1]! : words[0]!;
  const negate = op.startsWith('!');
  if (negate) op = op.slice(1) || '=';
  const current = APACHE_VERSION.join('.');
  let result: boolean;
  if (op === '~' || ((op === '=' || op === '==') && version.length > 1 && version.startsWith('/') && version.endsWith('/'))) {
    const source = op === '~' ? version : version.slice(1, -1);
    let regex: RegExp;
    try {
      regex = new RegExp(source);
    } catch {
      return { error: 'Cannot compile regular expression' };
    }
    result = regex.test(current);
  } else {
    const match = /^(\d+)(?:\.(\d+)(?:\.(\d+))?)?$/.exec(version);
    if (!match) return { error: VERSION_INVALID };
    const wanted = [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)];
    const order = compareVersions(APACHE_VERSION, wanted);
    switch (op) {
      case '=':
      case '==':
        result = order === 0;
        break;
      case '<':
        result = order < 0;
        break;
      case '<=':
        result = order <= 0;
        break;
      case '>':
        result = order > 0;
        break;
      case '>=':
        result = order >= 0;
        break;
      default:
        return { error: `unknown comparison operator "${op}"` };
    }
  }
  return { condition: { active: negate ? !result : result, assumed: false } };
}

function compareVersions(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < 3; i++) {
    const diff = (a[i] ?? 0) - (b[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

const CANONICAL: Record<string, string> = {
  ifmodule: 'IfModule',
  ifdefine: 'IfDefine',
  iffile: 'IfFile',
  ifdirective: 'IfDirective',
  ifsection: 'IfSection',
  ifversion: 'IfVersion',
};

/** Apache's spelling of a conditional's name, used in its messages. */
export function canonical(name: string): string {
  return CANONICAL[name] ?? name;
}
