// Issue 15's second pass of fidelity on a real Apache: plain workers shared by URL prefix, the `~`
// forms of <Proxy> and ProxyPass, and regular expressions PCRE cannot compile. For each case
// `apache2 -t` gives its verdict and words, and the linter, reading the same complete file, must
// agree: an error quoting Apache's message where Apache refuses, none where it accepts, and the
// warning a case names where Apache accepts but logs (docs/apache-semantics.md, add_pass,
// proxysection, ap_pregcomp).
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { analyze } from '../../server/src/core/analysis';
import { lint } from '../../server/src/core/lint';
import { diskAccess } from '../../server/src/node/files';
import { configTestBatch, moduleLines, serverLines } from './harness';
import { PATTERNS } from './pcre-patterns';

const MODULES = [
  'mpm_event',
  'authz_core',
  'proxy',
  'proxy_http',
  'proxy_balancer',
  'slotmem_shm',
  'lbmethod_byrequests',
  'rewrite',
  'alias',
  'setenvif',
  'macro',
];

/** What Apache must say, and what the linter must report. */
interface Case {
  readonly title: string;
  readonly fragment: string;
  /** Apache's words in `apache2 -t`'s output: the refusal (then the linter reports an error quoting them), or a warning it logs. */
  readonly apache: string;
  readonly refused: boolean;
  /** A rule the linter must report, at the severity given (for an accepted case: the warning beside Apache's log line). */
  readonly rule?: readonly [id: string, severity: 'error' | 'warning'];
}

const refused = (title: string, fragment: string, apache: string, rule?: string): Case => ({
  title,
  fragment,
  apache,
  refused: true,
  ...(rule === undefined ? {} : { rule: [rule, 'error'] as const }),
});
const accepted = (title: string, fragment: string, apache = 'Syntax OK', warning?: string): Case => ({
  title,
  fragment,
  apache,
  refused: false,
  ...(warning === undefined ? {} : { rule: [warning, 'warning'] as const }),
});

const lines = (...text: string[]): string => text.join('\n');
const H = 'http://10.0.0.1';

const WORKER_CASES: readonly Case[] = [
  // add_pass and ap_proxy_get_worker_ex: plain workers are shared by URL prefix, the later line's parameters ignored unchecked.
  accepted(
    'ProxyPass to the same URL twice: timeout=0 on the second is ignored',
    lines(`ProxyPass /a ${H}/`, `ProxyPass /b ${H}/ timeout=0`),
    "AH01146: Ignoring parameter 'timeout=0' for worker 'http://10.0.0.1/' because of worker sharing",
    'shared-member',
  ),
  accepted(
    'ProxyPass to a longer URL shares the shorter worker: loadfactor=abc is ignored',
    lines(`ProxyPass /a ${H}/`, `ProxyPass /b ${H}/app loadfactor=abc`),
    "AH01146: Ignoring parameter 'loadfactor=abc' for worker 'http://10.0.0.1/' because of worker sharing",
    'shared-member',
  ),
  accepted(
    'ProxyPassMatch workers are shared with each other',
    lines(`ProxyPassMatch ^/x ${H}/`, `ProxyPassMatch ^/y ${H}/ timeout=0`),
    "AH01146: Ignoring parameter 'timeout=0' for worker 'http://10.0.0.1/' because of worker sharing",
    'shared-member',
  ),
  refused(
    'a ~ worker is not shared with a prefix worker',
    lines(`ProxyPass ~ ^/x ${H}/`, `ProxyPass /y ${H}/ timeout=0`),
    'ProxyPass Timeout must be at least one second',
    'invalid-parameter',
  ),
  refused(
    'the default port written makes another worker',
    lines(`ProxyPass /a ${H}/`, `ProxyPass /b http://10.0.0.1:80/ loadfactor=abc`),
    'ProxyPass LoadFactor must be a number between 1..100',
    'invalid-loadfactor',
  ),
  accepted('ProxySet on a longer URL finds the worker', lines(`ProxyPass /a ${H}/`, `ProxySet ${H}/app timeout=5`)),
  refused(
    'ProxySet on a longer URL sets the shared worker, checked',
    lines(`ProxyPass /a ${H}/`, `ProxySet ${H}/app loadfactor=abc`),
    'ProxySet: LoadFactor must be a number between 1..100 loadfactor=abc; http://10.0.0.1/app',
    'invalid-loadfactor',
  ),
  refused(
    'ProxySet on a shorter URL finds nothing',
    lines(`ProxyPass /a ${H}/app`, `ProxySet ${H}/ timeout=5`),
    "ProxySet can not find 'http://10.0.0.1/' Worker.",
    'undefined-target',
  ),
  accepted('a <Proxy URL> section line sets the ProxyPass worker', lines(`ProxyPass /a ${H}/`, `<Proxy "${H}/app" timeout=5>`, '</Proxy>')),
  // The ~ forms (mod_proxy.c add_pass and proxysection, not the manual's prose).
  refused(
    '<Proxy ~ REGEX>: ~ is the path, the regex a refused argument',
    lines(`<Proxy ~ "^http://10\\.0\\.0\\.1">`, '    Require all granted', '</Proxy>'),
    '<Proxy> arguments are not supported for non url.',
    'proxy-section-arguments',
  ),
  refused(
    'BalancerMember inside <Proxy ~ …> takes ~ as the balancer name',
    lines('<Proxy ~ "^balancer://c1">', `    BalancerMember ${H}`, '</Proxy>'),
    'BalancerMember Bad syntax for a balancer name (~)',
    'invalid-balancer-name',
  ),
  accepted('<Proxy "~"> alone is a section for the path ~', lines('<Proxy "~">', '    Require all granted', '</Proxy>')),
  refused(
    'ProxyPass ~ inside <Location>: ~ is the URL',
    lines('<Location /x>', `    ProxyPass ~ ${H}/`, '</Location>'),
    "Invalid ProxyPass|ProxyPassMatch parameter. Parameter must be in the form 'key=value'.",
    'proxypass-syntax',
  ),
  refused(
    'ProxyPass ~ PATH URL inside <Location>',
    lines('<Location /x>', `    ProxyPass ~ "^/x" ${H}/`, '</Location>'),
    "Invalid ProxyPass|ProxyPassMatch parameter. Parameter must be in the form 'key=value'.",
    'proxypass-syntax',
  ),
  accepted('ProxyPass inside a wildcard <Location>', lines('<Location /x*>', `    ProxyPass ${H}/`, '</Location>')),
  refused('ProxyPassMatch ~', `ProxyPassMatch ~ ^/x ${H}/`, "ProxyPassMatch invalid syntax ('~' usage).", 'proxypass-syntax'),
  accepted('ProxyPass ~ outside a section', `ProxyPass ~ ^/x ${H}/`),
];

const REGEX_CASES: readonly Case[] = PATTERNS.map(([pattern, compiles]) => {
  const fragment = lines(`<LocationMatch "${pattern}">`, '</LocationMatch>');
  return compiles
    ? accepted(`PCRE compiles ${pattern}`, fragment)
    : refused(`PCRE refuses ${pattern}`, fragment, 'Regex could not be compiled', 'invalid-regex');
});

/** Every directive and section Apache compiles while reading, each with a pattern PCRE refuses and Apache's words. */
const REGEX_DIRECTIVE_CASES: readonly Case[] = [
  refused('ProxyPassMatch', `ProxyPassMatch "^/x(" ${H}/`, 'Regular expression could not be compiled.', 'invalid-regex'),
  refused('ProxyPassMatch to !', 'ProxyPassMatch "^/x(" !', 'Regular expression could not be compiled.', 'invalid-regex'),
  refused('ProxyPass ~', `ProxyPass ~ "^/x(" ${H}/`, 'Regular expression could not be compiled.', 'invalid-regex'),
  refused(
    'ProxyPass inside a wildcard <Location "*.php">',
    lines('<Location "*.php">', `    ProxyPass ${H}/`, '</Location>'),
    'Regular expression could not be compiled.',
    'invalid-regex',
  ),
  accepted('a wildcard <Location "*.php"> without ProxyPass', lines('<Location "*.php">', '</Location>')),
  refused('<Location ~>', lines('<Location ~ "/x(">', '</Location>'), 'Regex could not be compiled', 'invalid-regex'),
  refused('<DirectoryMatch>', lines('<DirectoryMatch "(">', '</DirectoryMatch>'), 'Regex could not be compiled', 'invalid-regex'),
  refused('<Directory ~>', lines('<Directory ~ "(">', '</Directory>'), 'Regex could not be compiled', 'invalid-regex'),
  refused('<FilesMatch>', lines('<FilesMatch "(">', '</FilesMatch>'), 'Regex could not be compiled', 'invalid-regex'),
  refused('<Files ~>', lines('<Files ~ "(">', '</Files>'), 'Regex could not be compiled', 'invalid-regex'),
  refused('<ProxyMatch proxy:…>', lines('<ProxyMatch "proxy:(">', '</ProxyMatch>'), 'Regex could not be compiled', 'invalid-regex'),
  refused('RewriteRule', 'RewriteRule "^/x(" /y', "RewriteRule: cannot compile regular expression '^/x('", 'invalid-regex'),
  refused('RewriteRule negated', 'RewriteRule "!^/x(" /y', "RewriteRule: cannot compile regular expression '^/x('", 'invalid-regex'),
  refused(
    'RewriteCond',
    lines('RewriteCond %{REQUEST_URI} "^/x("', 'RewriteRule ^ -'),
    "RewriteCond: cannot compile regular expression '^/x('",
    'invalid-regex',
  ),
  accepted('RewriteCond comparison =', lines('RewriteCond %{REQUEST_URI} "=(x"', 'RewriteRule ^ -')),
  accepted('RewriteCond comparison <', lines('RewriteCond %{REQUEST_URI} "<(x"', 'RewriteRule ^ -')),
  refused('AliasMatch', 'AliasMatch "^/x(" /tmp', 'Regular expression could not be compiled.', 'invalid-regex'),
  refused('ScriptAliasMatch', 'ScriptAliasMatch "^/x(" /tmp', 'Regular expression could not be compiled.', 'invalid-regex'),
  refused('RedirectMatch with a status', 'RedirectMatch 301 "^/x(" /y', 'Regular expression could not be compiled.', 'invalid-regex'),
  refused('SetEnvIf', 'SetEnvIf Request_URI "(" x', 'SetEnvIf regex could not be compiled.', 'invalid-regex'),
  refused('SetEnvIfNoCase', 'SetEnvIfNoCase Request_URI "(" x', 'SetEnvIfNoCase regex could not be compiled.', 'invalid-regex'),
  refused('BrowserMatch', 'BrowserMatch "(" x', 'BrowserMatch regex could not be compiled.', 'invalid-regex'),
];

/** mod_macro (docs/apache-semantics.md, mod_macro): its refusals, in its words, and expansions Apache accepts. */
const MACRO_CASES: readonly Case[] = [
  refused('Use before any <Macro>', 'Use Member 1', 'no macro defined before Use', 'invalid-macro'),
  refused('UndefMacro before any <Macro>', 'UndefMacro Member', 'no macro defined before UndefMacro', 'invalid-macro'),
  refused(
    'Use of an undefined macro',
    lines('<Macro Other>', '    ServerName x', '</Macro>', 'Use Member 1'),
    "macro 'member' undefined",
    'invalid-macro',
  ),
  refused(
    'Use with too many values',
    lines('<Macro Member $h>', `    BalancerMember balancer://c1 http://$h`, '</Macro>', 'Use Member 10.0.0.1 3'),
    'used with 2 arguments instead of 1',
    'invalid-macro',
  ),
  refused(
    'a macro using itself',
    lines('<Macro Loop $a>', '    Use Loop $a', '</Macro>', 'Use Loop 1'),
    "recursive use of macro 'loop' is invalid",
    'invalid-macro',
  ),
  refused(
    'a parameter named twice',
    lines('<Macro M $a $a>', '    ServerName $a', '</Macro>'),
    "argument '$a': #1 and #2",
    'invalid-macro',
  ),
  refused('a <Macro> never closed', lines('<Macro M $a>', '    ServerName $a'), 'expected token not found: </Macro>', 'invalid-macro'),
  refused(
    'UndefMacro of an undefined macro',
    lines('<Macro M>', '    ServerName x', '</Macro>', 'UndefMacro N'),
    "cannot remove undefined macro 'n'",
    'invalid-macro',
  ),
  refused(
    'Use after UndefMacro',
    lines('<Macro M>', '    ServerName x', '</Macro>', 'UndefMacro M', 'Use M'),
    "macro 'm' undefined",
    'invalid-macro',
  ),
  refused(
    'an error inside an expansion: loadfactor=0 from a value',
    lines(
      '<Macro Member $h $w>',
      '    BalancerMember http://$h loadfactor=$w',
      '</Macro>',
      '<Proxy "balancer://c1">',
      '    Use Member 10.0.0.1 0',
      '</Proxy>',
    ),
    'BalancerMember LoadFactor must be a number between 1..100',
    'zero-loadfactor',
  ),
  refused(
    'an error inside a nested expansion',
    lines(
      '<Macro Member $h $w>',
      '    BalancerMember http://$h loadfactor=$w',
      '</Macro>',
      '<Macro Pair $w>',
      '    Use Member 10.0.0.1 2',
      '    Use Member 10.0.0.2 $w',
      '</Macro>',
      '<Proxy "balancer://c1">',
      '    Use Pair abc',
      '</Proxy>',
    ),
    'BalancerMember LoadFactor must be a number between 1..100',
    'invalid-loadfactor',
  ),
  accepted(
    'members from a macro, and no false error on its body',
    lines(
      '<Macro Member $h $w>',
      '    BalancerMember http://$h loadfactor=$w',
      '</Macro>',
      '<Proxy "balancer://c1">',
      '    Use Member 10.0.0.1 3',
      '    Use Member 10.0.0.2 1',
      '</Proxy>',
      'ProxyPass "/" "balancer://c1/"',
    ),
  ),
  accepted(
    'a section opened by one macro and closed by another',
    lines(
      '<Macro Open $n>',
      '<Proxy "balancer://$n">',
      '</Macro>',
      '<Macro Close>',
      '</Proxy>',
      '</Macro>',
      'Use Open c1',
      `BalancerMember ${H}`,
      'Use Close',
    ),
  ),
  accepted(
    'an @ parameter is quoted: a value with a space stays one word',
    lines('<Macro M @v>', '    ServerAdmin @v', '</Macro>', 'Use M "a b"'),
  ),
  refused(
    'a $ parameter is not quoted: a value with a space splits',
    lines('<Macro M $v>', '    BalancerMember balancer://c1 $v', '</Macro>', 'Use M "http://10.0.0.1 loadfactor=0"'),
    'BalancerMember LoadFactor must be a number between 1..100',
    'zero-loadfactor',
  ),
  accepted(
    'the longest parameter wins where two start at the same place',
    lines('<Macro M $h $host>', `    BalancerMember balancer://c1 http://$host`, '</Macro>', 'Use M bad 10.0.0.1'),
  ),
];

/** `<IfFile>` answered from the disk, relative to ServerRoot (the scratch folder, which holds present.txt and run/). */
const ZERO = lines('    <Proxy "balancer://c1">', `        BalancerMember ${H} loadfactor=0`, '    </Proxy>');
const IFFILE_CASES: readonly Case[] = [
  refused(
    '<IfFile> of a file that exists is true',
    lines('<IfFile present.txt>', ZERO, '</IfFile>'),
    'BalancerMember LoadFactor',
    'zero-loadfactor',
  ),
  accepted('<IfFile> of a missing file is false', lines('<IfFile missing.txt>', ZERO, '</IfFile>')),
  refused(
    '<IfFile !…> of a missing file is true',
    lines('<IfFile !missing.txt>', ZERO, '</IfFile>'),
    'BalancerMember LoadFactor',
    'zero-loadfactor',
  ),
  accepted('<IfFile !…> of a file that exists is false', lines('<IfFile !present.txt>', ZERO, '</IfFile>')),
  refused('<IfFile> of a folder is true', lines('<IfFile run>', ZERO, '</IfFile>'), 'BalancerMember LoadFactor', 'zero-loadfactor'),
  accepted('<IfFile> of a missing absolute path is false', lines('<IfFile /nonexistent/balancer-lens>', ZERO, '</IfFile>')),
];

/** `<IfModule name.c>` compares with the source file name each module records (scripts/generate-module-names.mjs). */
const LDAP = moduleLines(['ldap']).join('\n');
const IFMODULE_CASES: readonly Case[] = [
  refused(
    '<IfModule util_ldap.c> is mod_ldap',
    lines(LDAP, '<IfModule util_ldap.c>', ZERO, '</IfModule>'),
    'BalancerMember LoadFactor',
    'zero-loadfactor',
  ),
  accepted('<IfModule mod_ldap.c> names no module', lines(LDAP, '<IfModule mod_ldap.c>', ZERO, '</IfModule>')),
  refused(
    '<IfModule event.c> is mpm_event',
    lines('<IfModule event.c>', ZERO, '</IfModule>'),
    'BalancerMember LoadFactor',
    'zero-loadfactor',
  ),
  accepted('<IfModule mod_mpm_event.c> names no module', lines('<IfModule mod_mpm_event.c>', ZERO, '</IfModule>')),
];

/** `<IfDirective>`/`<IfSection>` answered from the loaded modules (this wrapper loads mod_proxy and mod_macro, not mod_ssl or mod_proxy_hcheck). */
const IFDIRECTIVE_CASES: readonly Case[] = [
  refused(
    '<IfDirective ProxyPass> with mod_proxy loaded',
    lines('<IfDirective ProxyPass>', ZERO, '</IfDirective>'),
    'BalancerMember LoadFactor',
    'zero-loadfactor',
  ),
  refused(
    '<IfDirective proxypass> ignores case',
    lines('<IfDirective proxypass>', ZERO, '</IfDirective>'),
    'BalancerMember LoadFactor',
    'zero-loadfactor',
  ),
  accepted('<IfDirective SSLProxyEngine> without mod_ssl', lines('<IfDirective SSLProxyEngine>', ZERO, '</IfDirective>')),
  refused(
    '<IfDirective !SSLProxyEngine> without mod_ssl',
    lines('<IfDirective !SSLProxyEngine>', ZERO, '</IfDirective>'),
    'BalancerMember LoadFactor',
    'zero-loadfactor',
  ),
  accepted('<IfDirective ProxyHCExpr> without mod_proxy_hcheck', lines('<IfDirective ProxyHCExpr>', ZERO, '</IfDirective>')),
  refused(
    '<IfSection Proxy> with mod_proxy loaded',
    lines('<IfSection Proxy>', ZERO, '</IfSection>'),
    'BalancerMember LoadFactor',
    'zero-loadfactor',
  ),
  refused(
    '<IfSection VirtualHost> is core',
    lines('<IfSection VirtualHost>', ZERO, '</IfSection>'),
    'BalancerMember LoadFactor',
    'zero-loadfactor',
  ),
  refused(
    '<IfSection Macro> with mod_macro loaded',
    lines('<IfSection Macro>', ZERO, '</IfSection>'),
    'BalancerMember LoadFactor',
    'zero-loadfactor',
  ),
];

/** Every case of this file, with a distinct title. */
const CASES: readonly Case[] = [
  ...WORKER_CASES,
  ...REGEX_CASES,
  ...REGEX_DIRECTIVE_CASES,
  ...MACRO_CASES,
  ...IFFILE_CASES,
  ...IFMODULE_CASES,
  ...IFDIRECTIVE_CASES,
];

describe('real Apache: worker sharing, ~ forms, regular expressions, mod_macro and read-time conditionals agree with the linter', function () {
  const batch = configTestBatch('case', async (dir, port) => {
    assert.equal(new Set(CASES.map((each) => each.title)).size, CASES.length, 'titles must be distinct');
    await writeFile(join(dir, 'present.txt'), 'present\n');
    return CASES.map((each) => [...serverLines(dir, port), 'LogLevel info', ...moduleLines(MODULES), each.fragment, ''].join('\n'));
  });

  for (const [index, each] of CASES.entries()) {
    it(`${each.refused ? 'refused' : 'accepted'}: ${each.title}`, async function () {
      const { results, files, texts } = batch();
      const [result, file, text] = [results[index]!, files[index]!, texts[index]!];
      const findings = lint(analyze(text, { path: file, files: diskAccess(), epochSeconds: 0 }));
      const report = `Apache (exit ${result.status}):\n${result.output.trim()}\nours:\n${findings.map((f) => `  [${f.ruleId}] ${f.severity}: ${f.message}`).join('\n')}`;
      assert.equal(result.status !== 0, each.refused, `Apache's verdict differs from the case's\n${report}`);
      assert.ok(result.output.includes(each.apache), `Apache did not say ${JSON.stringify(each.apache)}\n${report}`);
      const errors = findings.filter((finding) => finding.severity === 'error');
      assert.equal(errors.length > 0, each.refused, `verdicts differ\n${report}`);
      if (each.refused) {
        const quoting = errors.filter((error) => error.message.includes(each.apache) || error.apacheMessage?.includes(each.apache));
        assert.ok(quoting.length > 0, `no error quotes Apache's words\n${report}`);
      }
      if (each.rule !== undefined) {
        const [id, severity] = each.rule;
        assert.ok(
          findings.some((finding) => finding.ruleId === id && finding.severity === severity),
          `no ${severity} of ${id}\n${report}`,
        );
      }
    });
  }
});
