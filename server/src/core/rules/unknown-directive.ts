import { quoted } from '../bounded';
import { moduleIdentifier, suggestDirective } from '../directives/directives';
import { DIRECTIVES } from '../directives/table';
import { knownModules } from '../syntax/conditions';
import type { Directive } from '../syntax/tree';
import { namesIn, stepsNamed } from '../syntax/named';
import type { Rule, RuleExamples, RuleFinding } from './types';
import { asciiLower } from '../ascii';

const BOM = '\uFEFF';

/** Modules of the manual (each by every module documenting a directive name), lower-cased name → identifiers. */
const MODULES_BY_NAME: ReadonlyMap<string, readonly string[]> = (() => {
  const map = new Map<string, string[]>();
  for (const directive of DIRECTIVES) {
    // ASCII, as directives.ts's table says: the native lower-casing costs less at start-up.
    const key = directive.name.toLowerCase();
    map.set(key, [...(map.get(key) ?? []), moduleIdentifier(directive.module)]);
  }
  return map;
})();

/** Standard modules that define no directive, so the table does not name them (Debian's apache2-bin). */
const MODULES_WITHOUT_DIRECTIVES = [
  'asis',
  'authz_host',
  'authz_owner',
  'authz_user',
  'bucketeer',
  'case_filter',
  'case_filter_in',
  'data',
  'lbmethod_bybusyness',
  'lbmethod_byrequests',
  'lbmethod_bytraffic',
  'proxy_ajp',
  'proxy_balancer',
  'proxy_fdpass',
  'proxy_http',
  'proxy_http2',
  'proxy_uwsgi',
  'ratelimit',
  'slotmem_plain',
  'slotmem_shm',
  'socache_dbm',
  'socache_shmcb',
  'status',
  'unique_id',
  'http',
].map((stem) => `${stem}_module`);

/** Every module identifier the manual knows: a loaded module outside this set may define any directive. */
const STANDARD_MODULES: ReadonlySet<string> = new Set([...[...MODULES_BY_NAME.values()].flat(), ...MODULES_WITHOUT_DIRECTIVES]);

/** Names Apache 2.4.71 accepts although the manual's quick reference does not list them (`apache2 -L`). */
const UNLISTED_BUT_KNOWN = new Set([
  'maxclients',
  'maxrequestsperchild',
  'ssllog',
  'sslloglevel',
  'fancyindexing',
  'authdigestnccheck',
  'casefilter',
  'casefilterin',
  'macroignoreemptyargs',
  'macroignorebadnesting',
  '<mdomain',
  'h2sessionextrafiles',
]);

/** Apache 2.2 directives that 2.4 dropped ("Invalid command"), and what replaced them. */
const REMOVED_IN_24: Readonly<Record<string, string>> = {
  lockfile: 'Mutex',
  acceptmutex: 'Mutex',
  sslmutex: 'Mutex',
  rewritelock: 'Mutex',
  defaulttype: 'ForceType or AddType',
  authzldapauthoritative: 'AuthLDAPAuthorizePrefix / Require',
};

/**
 * Names from other servers' configurations (nginx, HAProxy) and common inventions that no Apache module defines,
 * reported even in a fragment, with Apache's way of saying it: lower-case name → [where it comes from, what to write].
 */
const FOREIGN: Readonly<Record<string, readonly [origin: string, instead: string, directive?: string]>> = {
  proxyreadtimeout: ['not an Apache directive', 'use ProxyTimeout, or timeout= on the BalancerMember or ProxyPass', 'ProxyTimeout'],
  proxysendtimeout: ['not an Apache directive', 'use ProxyTimeout, or timeout= on the BalancerMember or ProxyPass', 'ProxyTimeout'],
  proxyconnecttimeout: ['not an Apache directive', 'use connectiontimeout= on the BalancerMember or ProxyPass'],
  proxyconnectiontimeout: ['not an Apache directive', 'use connectiontimeout= on the BalancerMember or ProxyPass'],
  proxyretry: ['not an Apache directive', 'use retry= on the BalancerMember or ProxyPass'],
  proxystickysession: ['not an Apache directive', 'use stickysession= in ProxySet or on the ProxyPass'],
  proxylbmethod: ['not an Apache directive', 'use lbmethod= in ProxySet or on the ProxyPass'],
  balancermethod: ['not an Apache directive', 'use lbmethod= in ProxySet or on the ProxyPass'],
  proxykeepalive: ['not an Apache directive', 'use keepalive=On on the BalancerMember or ProxyPass'],
  proxy_pass: ["nginx's", 'use ProxyPass PATH URL'],
  proxy_redirect: ["nginx's", 'use ProxyPassReverse PATH URL'],
  proxy_set_header: ["nginx's", 'use RequestHeader set NAME VALUE'],
  proxy_read_timeout: ["nginx's", 'use ProxyTimeout, or timeout= on the BalancerMember or ProxyPass'],
  proxy_send_timeout: ["nginx's", 'use ProxyTimeout, or timeout= on the BalancerMember or ProxyPass'],
  proxy_connect_timeout: ["nginx's", 'use connectiontimeout= on the BalancerMember or ProxyPass'],
  proxy_http_version: ["nginx's", 'leave it out: mod_proxy_http speaks HTTP/1.1 to members'],
  proxy_buffering: ["nginx's", 'leave it out, or use flushpackets= on the ProxyPass'],
  upstream: ["nginx's", 'use <Proxy "balancer://NAME"> with a BalancerMember per server'],
  server_name: ["nginx's", 'use ServerName', 'ServerName'],
  client_max_body_size: ["nginx's", 'use LimitRequestBody'],
  balance: ["HAProxy's", 'use lbmethod= in ProxySet (byrequests, bybusyness, bytraffic, heartbeat)'],
};

/** Prefixes of widely used third-party modules (mod_jk, ModSecurity, mod_perl, mod_wsgi, Passenger, PHP, Shibboleth, …). */
const THIRD_PARTY =
  /^(jk|sec|perl|wsgi|passenger|php|python|shib|oidc|mellon|authmellon|authopenidc|krb|authkerb|gnutls|rack|rails|fcgid|xsendfile|assignuserid|limitipconn|dos|qs_|modpagespeed|pagespeed|ruby|mono)/i;

/**
 * A name that is a known directive behind a module prefix (JkOptions ~ Options, SecAction ~ Action) or
 * that starts like a third-party module's directives is not a typo: some module we cannot see defines it.
 */
function looksThirdParty(name: string, suggestion: string): boolean {
  const lower = asciiLower(name);
  const suggested = asciiLower(suggestion);
  return THIRD_PARTY.test(name) || (lower.length > suggested.length && lower.endsWith(suggested.replace(/^</, '')));
}

/** mod_proxy's own directives are module-not-loaded's business when mod_proxy is missing. */
const LEFT_TO_MODULE_NOT_LOADED = 'proxy_module';

export const rule: Rule = {
  id: 'unknown-directive',
  severity: 'error',
  docs: {
    summary: 'a directive Apache does not know: a typo, a byte order mark, or a directive of a module that is not loaded',
    why: 'Apache refuses the whole configuration at the first directive no loaded module defines ("Invalid command"). A UTF-8 byte order mark at the start of a file is not stripped: it becomes part of the first directive\'s name.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    const tree = analysis.tree;
    const loaded = knownModules(tree);
    // Only with a complete, standard module set is every unlisted name certainly unknown; otherwise
    // a third-party module may define it, and only near misses of a real directive are reported.
    const isClosedWorld =
      loaded !== undefined && [...loaded].every((module) => !module.endsWith('_module') || STANDARD_MODULES.has(module));
    // A set, not a search of every file per directive, which is quadratic under a wildcard Include of many files.
    const fileStarts = new Set(tree.files.map((file) => file.start));
    // A name of a directive that a loaded module defines is fine on every line: only the other names' lines are looked at.
    const doubtful = [...namesIn(tree.nodes)].filter((name) => !isDefined(name, loaded));
    for (const step of stepsNamed(tree.nodes, doubtful)) {
      const directive = step.kind === 'directive' ? step.directive : step.section.open;
      if (directive.name.startsWith('</')) continue;
      // A quoted name starts with its quote: a byte order mark inside it was not put there by an editor.
      const isQuoted = tree.text[directive.nameSpan.start] === '"' || tree.text[directive.nameSpan.start] === "'";
      const isFileStart = fileStarts.has(directive.nameSpan.start) && !isQuoted;
      const finding = check(directive, loaded, isClosedWorld, isFileStart, isQuoted);
      if (finding) findings.push(finding);
    }
    return findings;
  },
};

/** Whether a known directive (lower-case name) is defined: a known directive is unknown to Apache only when no module documenting it is loaded. */
function isDefined(name: string, loaded: ReadonlySet<string> | undefined): boolean {
  const modules = MODULES_BY_NAME.get(name);
  return (
    modules !== undefined &&
    (!loaded || modules.some((module) => module === '' || module === LEFT_TO_MODULE_NOT_LOADED || loaded.has(module)))
  );
}

function check(
  directive: Directive,
  loaded: ReadonlySet<string> | undefined,
  isClosedWorld: boolean,
  isFileStart: boolean,
  isQuoted: boolean,
): RuleFinding | undefined {
  const name = directive.name;
  const modules = MODULES_BY_NAME.get(asciiLower(name));
  if (modules) {
    if (isDefined(asciiLower(name), loaded)) return undefined;
    return {
      span: directive.nameSpan,
      message: `${name} needs ${modules.join(' or ')}, which is not loaded: add its LoadModule line`,
      apacheMessage: invalid(name),
    };
  }
  if (name.startsWith(BOM)) {
    // Every leading U+FEFF goes: with one left, the name would still not be the directive's.
    const start = directive.nameSpan.start + (isQuoted ? 1 : 0);
    const bom = { start, end: start + name.length - name.replace(/^\uFEFF+/, '').length };
    return {
      span: directive.nameSpan,
      message: 'the file starts with a byte order mark, which Apache reads as part of the first name: save the file without it',
      apacheMessage: invalid(name),
      // Safe only where an editor puts a byte order mark: U+FEFF further down was typed or pasted, and
      // removing it can change what the configuration is (a LoadModule line that starts to count).
      fixes: [{ title: 'Remove the byte order mark', safe: isFileStart, edits: [{ span: bom, newText: '' }] }],
    };
  }
  const lower = asciiLower(name);
  if (UNLISTED_BUT_KNOWN.has(lower)) return undefined;
  const replacement = REMOVED_IN_24[lower];
  if (replacement)
    return {
      span: directive.nameSpan,
      message: `${name} was removed in Apache 2.4: use ${replacement} instead`,
      apacheMessage: invalid(name),
    };
  const foreign = FOREIGN[lower];
  if (foreign) {
    const [origin, instead, directiveName] = foreign;
    return {
      span: directive.nameSpan,
      message: `${name} is ${origin}: ${instead}`,
      apacheMessage: invalid(name),
      fixes: directiveName
        ? [{ title: `Change to ${directiveName}`, safe: false, edits: [{ span: directive.nameSpan, newText: directiveName }] }]
        : [],
    };
  }
  const suggestion = suggestDirective(name);
  if (!isClosedWorld && (!suggestion || looksThirdParty(name, suggestion))) return undefined;
  return {
    span: directive.nameSpan,
    message: `unknown directive ${quoted(name)}${suggestion ? `: did you mean ${suggestion}?` : ', as no loaded module defines it: check its spelling'}`,
    apacheMessage: invalid(name),
    fixes:
      suggestion && !name.startsWith('"')
        ? [{ title: `Change to ${suggestion}`, safe: false, edits: [{ span: directive.nameSpan, newText: suggestion }] }]
        : [],
  };
}

/** Apache's refusal of an unknown name. */
function invalid(name: string): string {
  return `Invalid command '${escapeLogItem(name)}', perhaps misspelled or defined by a module not included in the server configuration`;
}

/** ap_escape_logitem, as Apache's log shows a name: `\\`, `\"`, and `\xHH` for control and non-ASCII bytes. */
function escapeLogItem(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (ch === '\\' || ch === '"') out += `\\${ch}`;
    else if (code >= 0x20 && code < 0x7f) out += ch;
    else
      out += utf8Bytes(code)
        .map((byte) => `\\x${byte.toString(16).padStart(2, '0')}`)
        .join('');
  }
  return out;
}

/** The UTF-8 encoding of one code point. */
function utf8Bytes(code: number): number[] {
  if (code < 0x80) return [code];
  if (code < 0x800) return [0xc0 | (code >> 6), 0x80 | (code & 0x3f)];
  if (code < 0x10000) return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
  return [0xf0 | (code >> 18), 0x80 | ((code >> 12) & 0x3f), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
}

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nProxyPass "/shop/" "balancer://shop/"\nProdyPassReverse "/shop/" "balancer://shop/"',
  good: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nProxyPass "/shop/" "balancer://shop/"\nProxyPassReverse "/shop" "balancer://shop/"',
};
