/** Read-time tests of `<IfModule>`, `<IfDefine>`, `<IfVersion>` and friends (docs/apache-semantics.md, start_cond_section). */
import { asciiLower } from '../ascii';
import { moduleIdentifier } from '../directives/directives';
import { MODULE_SOURCE_NAMES } from '../directives/module-names';
import { DIRECTIVES } from '../directives/table';
import { testRegex } from '../regex';
import { sectionName } from './names';
import type { Condition, Directive, Node, SyntaxTree } from './tree';

/** Modules compiled into Debian's apache2 binary (`apache2 -l`), always loaded. */
const STATIC_MODULES = [
  'core_module',
  'so_module',
  'watchdog_module',
  'http_module',
  'log_config_module',
  'logio_module',
  'version_module',
  'unixd_module',
];

/** The Apache version `<IfVersion>` compares against: Debian's 2.4.71, the reference. */
export const APACHE_VERSION: readonly [number, number, number] = [2, 4, 71];

/** The read-time facts a test can ask about; `modules` undefined means "not known, assume loaded". */
export interface ReadFacts {
  readonly modules: ReadonlySet<string> | undefined;
  readonly flags: ReadonlySet<string>;
  /** Whether a path (relative to ServerRoot, as written) exists; undefined when it cannot be checked here. */
  readonly fileExists?: (path: string) => boolean | undefined;
}

/**
 * The source file name Apache also accepts for a module identifier: `proxy_module` ↔ `mod_proxy.c`, as each of
 * Debian's modules records it (`ldap_module` is `util_ldap.c`), else by the usual pattern.
 */
export function moduleFileName(identifier: string): string {
  const known = MODULE_SOURCE_NAMES[identifier];
  if (known !== undefined) return known;
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

/** The identifier a module file Debian ships exports (`…/mod_proxy.so` → `proxy_module`); undefined for any other file. */
export function shippedModuleSymbol(path: string): string | undefined {
  const stem = /(?:^|\/)mod_([A-Za-z0-9_]+)\.so$/.exec(path)?.[1];
  const identifier = stem === undefined ? undefined : `${stem}_module`;
  return identifier !== undefined && Object.hasOwn(MODULE_SOURCE_NAMES, identifier) ? identifier : undefined;
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
  if (first === '') return { error: `<${sectionName(name)}> directive requires additional arguments` };
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
    case 'iffile': {
      // test_iffile_section: apr_stat of the path relative to ServerRoot; assumed present where it cannot be checked.
      const exists = facts.fileExists?.(first);
      assumed = exists === undefined;
      result = exists ?? true;
      break;
    }
    default: {
      // ap_exists_directive: a directive (or `<section`) of a loaded module, answered where the loaded modules are known.
      const exists = facts.modules && directiveExists(name === 'ifsection' ? `<${first}` : first, facts.modules);
      assumed = exists === undefined;
      result = exists ?? true;
    }
  }
  return { condition: { active: negate ? !result : result, assumed } };
}

/**
 * Whether a loaded module implements the directive, by the manual's table; undefined when that cannot be told:
 * a name the manual does not list (a third-party module's), or a directive of mpm_common (core or the MPM).
 */
function directiveExists(name: string, modules: ReadonlySet<string>): boolean | undefined {
  const lower = asciiLower(name);
  const providers = DIRECTIVES.filter((directive) => asciiLower(directive.name) === lower).map((directive) =>
    moduleIdentifier(directive.module),
  );
  if (providers.length === 0 || providers.includes('')) return undefined;
  return providers.some((identifier) => modules.has(identifier));
}

/**
 * Whether a name has the shape of a module identifier (`proxy_module`) or source file
 * (`mod_proxy.c`): names are case-sensitive, so `mod_proxy` or `MOD_PROXY.C` never match,
 * even when the loaded modules are unknown.
 */
function canNameModule(name: string): boolean {
  return /^[a-z0-9_]+_module$/.test(name) || /^[a-z0-9_]+\.c$/.test(name);
}

const VERSION_INVALID =
  'Version appears to be invalid. It must have the format major[.minor[.patch]] where major, minor and patch are numbers.';

/** mod_version's start_ifversion over the words before the last `>`: `[[!]op] version`, op defaulting to `=`. */
function testVersion(words: readonly string[]): TestResult {
  // `<IfVersion>` reaches compare_version with the operator as the version.
  if (words.length === 0) return { error: VERSION_INVALID };
  if (words.length > 3)
    return { error: '<IfVersion takes one, two or three arguments, a comparison operator, a version (and a delimiter)' };
  if (words.length === 3) return { error: "<IfVersion> directive missing closing '>'" };
  const [operator, version] = words.length === 1 ? ['=', words[0]!] : [words[0]!, words[1]!];
  // A lone `!` is not a negated `=`: it stays the operator and is unrecognised.
  const negate = operator.startsWith('!');
  const op = negate && operator.length > 1 ? operator.slice(1) : operator;
  const orEqual = op.length === 2 && op[1] === '=' && op[0] !== '~';
  if (op.length !== 1 && !orEqual) return { error: `unrecognized operator '${operator}'` };
  let result: boolean;
  let assumed = false;
  switch (op[0]) {
    case '=':
      if (version.startsWith('/')) {
        if (version.length < 2 || !version.endsWith('/')) return { error: 'Missing delimiting / of regular expression.' };
        const match = testRegex(version.slice(1, -1), APACHE_VERSION.join('.'));
        if (match === 'invalid') return { error: 'Unable to compile regular expression' };
        assumed = match === 'too-costly';
        result = match !== false;
      } else {
        const order = compareVersion(version);
        if (order === undefined) return { error: VERSION_INVALID };
        result = order === 0;
      }
      break;
    case '~': {
      const match = testRegex(version, APACHE_VERSION.join('.'));
      if (match === 'invalid') return { error: 'Unable to compile regular expression' };
      // A pattern not evaluated (core/regex.ts) is assumed to match, as a file that cannot be checked is assumed present.
      assumed = match === 'too-costly';
      result = match !== false;
      break;
    }
    case '<':
    case '>': {
      const order = compareVersion(version);
      if (order === undefined) return { error: VERSION_INVALID };
      result = (op[0] === '<' ? order < 0 : order > 0) || (orEqual && order === 0);
      break;
    }
    default:
      return { error: `unrecognized operator '${operator}'` };
  }
  return { condition: { active: negate ? !result : result, assumed } };
}

/**
 * mod_version's compare_version: the running version against `text`, as -1, 0 or 1; undefined when
 * invalid. Parts are digit runs split by dots, an empty part counts 0 (`2..71` is 2.0.71), and
 * reading stops after three parts, so `2.4.` and `2.4.71.` are valid but `2.4.71.0` is not.
 */
function compareVersion(text: string): number | undefined {
  if (!/^[0-9]/.test(text)) return undefined;
  const wanted = [0, 0, 0];
  let count = 0;
  let from = 0;
  let at = 0;
  while (at <= text.length && count < 3) {
    if (at === text.length || text[at] === '.') {
      wanted[count++] = Number(text.slice(from, at));
      from = ++at;
    } else if (/[0-9]/.test(text[at]!)) {
      at++;
    } else {
      break;
    }
  }
  if (at < text.length) return undefined;
  for (let i = 0; i < 3; i++) {
    const diff = APACHE_VERSION[i]! - wanted[i]!;
    if (diff !== 0) return Math.sign(diff);
  }
  return 0;
}

/**
 * The modules a configuration is known to load, or undefined when it may be a piece of a larger
 * one: without `LoadModule` lines, with includes we do not follow, or without an MPM (every
 * complete Debian or RHEL configuration loads one), what is missing may be loaded elsewhere.
 */
export function knownModules(tree: SyntaxTree): ReadonlySet<string> | undefined {
  const modules = tree.loadedModules;
  if (!modules || tree.unfollowedInclude) return undefined;
  let hasMpm = HAS_MPM.get(modules);
  if (hasMpm === undefined) HAS_MPM.set(modules, (hasMpm = [...modules].some((name) => /^mpm_\w+_module$/.test(name))));
  return hasMpm ? modules : undefined;
}

/** Whether a set of loaded modules has an MPM: asked by the model, the previews and rules, of a set the edits of a file share. */
const HAS_MPM = new WeakMap<ReadonlySet<string>, boolean>();

/**
 * The assumptions a line was read under: for each line inside a true `<IfFile>`, `<IfDirective>` or
 * `<IfSection>` whose answer could not be known here (the path outside the include roots, the modules
 * not loaded by the configuration), one sentence per such section, outermost first. A fragment's
 * `<IfModule>` is left out: it guards nearly every line of a fragment, and is documented as assumed.
 */
export function assumedConditions(tree: SyntaxTree): ReadonlyMap<Directive, readonly string[]> {
  const found = new Map<Directive, readonly string[]>();
  const levels: { readonly nodes: readonly Node[]; readonly assumptions: readonly string[] }[] = [{ nodes: tree.nodes, assumptions: [] }];
  for (let level = levels.pop(); level; level = levels.pop()) {
    const { assumptions } = level;
    for (const node of level.nodes) {
      const directive = node.kind === 'section' ? node.open : node;
      if (assumptions.length > 0) found.set(directive, assumptions);
      for (const file of directive.included ?? []) levels.push({ nodes: file.nodes, assumptions });
      if (node.kind !== 'section' || (node.condition && !node.condition.active)) continue;
      const sentence = node.condition?.assumed
        ? assumption(
            node.name,
            node.args.map((word) => word.value),
            tree,
          )
        : undefined;
      levels.push({ nodes: node.children, assumptions: sentence ? [...assumptions, sentence] : assumptions });
    }
  }
  return found;
}

/** Why a conditional that holds was assumed true, or undefined for one not stated (`<IfModule>`). */
function assumption(section: string, words: readonly string[], tree: SyntaxTree): string | undefined {
  const name = asciiLower(section);
  const opening = `<${section} ${words.join(' ')}>`;
  const subject = words.join(' ').replace(/^!\s*/, '');
  if (name === 'iffile') return `${opening} is assumed true: ${subject} is outside the include roots, or files are not read here`;
  if (name === 'ifversion') return `${opening} is assumed true: its regular expression is too costly to evaluate here`;
  if (name !== 'ifdirective' && name !== 'ifsection') return undefined;
  return tree.loadedModules === undefined
    ? `${opening} is assumed true: the configuration loads no modules, so which ones provide ${subject} is not known`
    : `${opening} is assumed true: which module provides ${subject} is not known`;
}
