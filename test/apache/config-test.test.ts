// Config-test agreement: for each case, `apache2 -t` and our linter read the same complete file (a
// wrapper that loads the modules, then the case's fragment) from the disk, includes and all, and
// they must agree on whether Apache refuses it and on the line Apache names. A second part starts Apache for real where `-t` passes
// but start-up fails (docs/apache-semantics.md, Start-up), with the same agreement rule.
import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Analysis, analyze } from '../../server/src/core/analysis';
import { lint } from '../../server/src/core/lint';
import { LineIndex } from '../../server/src/core/positions';
import type { Diagnostic } from '../../server/src/core/rules/types';
import type { Directive, Node, Section, SyntaxTree } from '../../server/src/core/syntax/tree';
import { diskAccess } from '../../server/src/node/files';
import {
  StartOutcome,
  assertApacheInstalled,
  cleanAfterEach,
  configTestBatch,
  freePort,
  httpGet,
  launchApache,
  moduleLines,
  runConfigTest,
  serverLines,
  startEchoBackends,
} from './harness';

/** Any fixed time: no case depends on it (it only matters for `retry` larger than the epoch). */
const EPOCH_SECONDS = 1_800_000_000;

/** The modules every config-test wrapper loads (unixd is compiled in). */
const BASE_MODULES = ['mpm_event', 'authz_core', 'proxy', 'proxy_http', 'proxy_balancer', 'slotmem_shm', 'lbmethod_byrequests'];

/** `LoadModule` line of a module by the stem of its identifier (`proxy` → proxy_module, mod_proxy.so). */
const loadModule = (stem: string): string => moduleLines([stem]).join('');

/** What Apache's `-t` must say about a case: the spec's verdict, which this suite also checks. */
type Verdict = 'refused' | 'accepted';

interface CaseOptions {
  /** Modules loaded after the base ones, by stem (`lbmethod_bytraffic`). */
  readonly modules?: readonly string[];
  /** Put a UTF-8 byte order mark before the wrapper (it only matters at the very start of a file). */
  readonly bom?: boolean;
}

/** One config-test case: a title (docs/apache-semantics.md, find_best_byrequests row where there is one), Apache's verdict, the fragment. */
interface Case extends CaseOptions {
  readonly title: string;
  readonly verdict: Verdict;
  readonly fragment: string;
}

const refused = (title: string, fragment: string, options: CaseOptions = {}): Case => ({ title, verdict: 'refused', fragment, ...options });
const accepted = (title: string, fragment: string, options: CaseOptions = {}): Case => ({
  title,
  verdict: 'accepted',
  fragment,
  ...options,
});

const H1 = 'http://10.0.0.1:8080';
const H2 = 'http://10.0.0.2:8080';

/** Config lines, as written. */
const lines = (...text: string[]): string => text.join('\n');
/** A `<Proxy "balancer://c1">` section with one BalancerMember line per argument. */
const proxy = (...members: string[]): string =>
  lines('<Proxy "balancer://c1">', ...members.map((member) => `    BalancerMember ${member}`), '</Proxy>');
/** balancer://c1 with one member, then the lines given (a ProxySet or ProxyPass using it). */
const withC1 = (...after: string[]): string => lines(proxy(H1), ...after);
const BYTRAFFIC = { modules: ['lbmethod_bytraffic'] };
const HCHECK = { modules: ['proxy_hcheck'] };
const BYBUSYNESS = { modules: ['lbmethod_bybusyness'] };

const cases: readonly Case[] = [
  // Worker parameters (docs/apache-semantics.md, set_worker_param, §3.1, §5).
  accepted('#1 loadfactor=1.5', proxy(`${H1} loadfactor=1.5`)),
  refused('#2 loadfactor=0.99', proxy(`${H1} loadfactor=0.99`)),
  refused('#2 loadfactor=0.999 on the second member', proxy(H1, `${H2} loadfactor=0.999`)),
  refused('#2 loadfactor=0', proxy(`${H1} loadfactor=0`)),
  refused('#2 loadfactor=-1', proxy(`${H1} loadfactor=-1`)),
  accepted('#3 loadfactor=100.009 is still 100', proxy(`${H1} loadfactor=100.009`)),
  refused('#3 loadfactor=100.01', proxy(`${H1} loadfactor=100.01`)),
  accepted('#4 loadfactor=1.15 (stored 114)', proxy(`${H1} loadfactor=1.15`)),
  accepted('#5 loadfactor=0x10, 1e1, +2', proxy(`${H1} loadfactor=0x10`, `${H2} loadfactor=1e1`, `http://10.0.0.3:8080 loadfactor=+2`)),
  accepted('#5 loadfactor=.5e1, 2abc, 1,5', proxy(`${H1} loadfactor=.5e1`, `${H2} loadfactor=2abc`, `http://10.0.0.3:8080 loadfactor=1,5`)),
  refused('#6 loadfactor=inf', proxy(`${H1} loadfactor=inf`)),
  refused('#6 loadfactor=nan', proxy(`${H1} loadfactor=nan`)),
  refused('#6 loadfactor=Infinity', proxy(`${H1} loadfactor=Infinity`)),
  refused('#6 loadfactor=abc', proxy(`${H1} loadfactor=abc`)),
  refused('#6 loadfactor= (empty)', proxy(`${H1} loadfactor=`)),
  refused('#7 loadfactor="2" keeps its quotes', proxy(`${H1} loadfactor="2"`)),
  accepted('#8 "loadfactor=2" and \'lbset=1\' as whole quoted words', proxy(`${H1} "loadfactor=2"`, `${H2} 'lbset=1'`)),
  refused('#9 lbfactor=2 is unknown', proxy(`${H1} lbfactor=2`)),
  refused('#10 weight=3 with mod_proxy_hcheck loaded', proxy(`${H1} weight=3`), { modules: ['proxy_hcheck'] }),
  accepted('#10 hc* parameters with mod_proxy_hcheck loaded', proxy(`${H1} hcmethod=GET hcinterval=5 hcuri=/health`), {
    modules: ['proxy_hcheck'],
  }),
  refused('hc* parameters without mod_proxy_hcheck', proxy(`${H1} hcmethod=GET`)),
  accepted('#11 loadfactor=abc LoadFactor=2: the last wins unchecked', proxy(`${H1} loadfactor=abc LoadFactor=2`)),
  refused('#12 lbset=200 loadfactor=0 lbset=300: the lbset error first', proxy(`${H1} lbset=200 loadfactor=0 lbset=300`)),
  accepted('#13 lbset=abc, lbset=1.9, lbset=', proxy(`${H1} lbset=abc`, `${H2} lbset=1.9`, 'http://10.0.0.3:8080 lbset=')),
  accepted('#14 lbset=4294967297 wraps to 1', proxy(`${H1} lbset=4294967297`)),
  refused('#15 lbset=100', proxy(`${H1} lbset=100`)),
  refused('#15 lbset=-1', proxy(`${H1} lbset=-1`)),
  accepted(
    '#16 status=d, -D, +H-E, empty',
    proxy(`${H1} status=d`, `${H2} status=-D`, 'http://10.0.0.3:8080 status=+H-E', 'http://10.0.0.4:8080 status='),
  ),
  refused('#17 status=+', proxy(`${H1} status=+`)),
  refused('#17 status=D+', proxy(`${H1} status=D+`)),
  refused('#17 status=++D', proxy(`${H1} status=++D`)),
  refused('#17 status=+X', proxy(`${H1} status=+X`)),
  refused('#17 status="+D +H" (a space inside the value)', proxy(`${H1} "status=+D +H"`)),
  refused('#18 status=+H +R unquoted: a stray word', proxy(`${H1} status=+H +R`)),
  accepted('#19 status=OGFU', proxy(`${H1} status=OGFU`, H2)),
  accepted('#20 status=+C without hcheck', proxy(`${H1} status=+C`, H2)),
  accepted('#21 status=+E', proxy(`${H1} status=+E`, H2)),
  accepted('#22 status=+E retry=2000000000', proxy(`${H1} status=+E retry=2000000000`, H2)),
  accepted('#23 status=+ES', proxy(`${H1} status=+ES`, H2)),
  accepted('#24 status=ID', proxy(`${H1} status=ID`, H2)),
  refused('#25 a route of 65 characters', proxy(`${H1} route=${'r'.repeat(65)}`)),
  accepted('#25 a route of 63 characters', proxy(`${H1} route=${'r'.repeat(63)}`)),
  accepted(
    '#26 stickysession of 100 characters is truncated, not refused',
    withC1(`ProxySet balancer://c1 stickysession=${'s'.repeat(100)}`),
  ),
  refused('#100 ping=1.5 on a ProxyPass worker', 'ProxyPass "/x" "http://10.0.0.9:8080/" ping=1.5'),
  // Balancer parameters (docs/apache-semantics.md, set_balancer_param).
  refused('#27 a worker parameter on ProxyPass to a balancer', withC1('ProxyPass "/x" "balancer://c1/" loadfactor=2')),
  refused('#28 a worker parameter on ProxySet to a balancer', withC1('ProxySet balancer://c1 loadfactor=2')),
  refused('#29 a balancer parameter on BalancerMember', proxy(`${H1} lbmethod=bytraffic`)),
  refused('#30 lbmethod=ByRequests (names are exact)', withC1('ProxySet balancer://c1 lbmethod=ByRequests')),
  refused('#31 lbmethod=heartbeat without its module', withC1('ProxySet balancer://c1 lbmethod=heartbeat')),
  accepted('#31 lbmethod=heartbeat with its module', withC1('ProxySet balancer://c1 lbmethod=heartbeat'), {
    modules: ['lbmethod_heartbeat'],
  }),
  refused('#92 growth=0', withC1('ProxySet balancer://c1 growth=0')),
  refused('#92 timeout=0 on a balancer', withC1('ProxyPass "/x" "balancer://c1/" timeout=0')),
  refused('#92 maxattempts=-1', lines('<Proxy "balancer://c1" maxattempts=-1>', `    BalancerMember ${H1}`, '</Proxy>')),
  refused('#93 nofailover=yes', withC1('ProxySet balancer://c1 nofailover=yes')),
  refused('#94 failonstatus=500,abc', withC1('ProxySet balancer://c1 failonstatus=500,abc')),
  refused('#94 failonstatus=99', withC1('ProxySet balancer://c1 failonstatus=99')),
  accepted('#94 failonstatus="500, 503,,502"', withC1('ProxySet balancer://c1 "failonstatus=500, 503,,502"')),
  accepted('#96 lbmethod=bybusyness with its module', withC1('ProxySet balancer://c1 lbmethod=bybusyness'), BYBUSYNESS),
  accepted(
    '#33 LoadModule bytraffic after the <Proxy> that uses it',
    lines(withC1('ProxySet balancer://c1 lbmethod=bytraffic'), loadModule('lbmethod_bytraffic')),
  ),
  accepted(
    '#34 <IfModule bytraffic> before its LoadModule is false',
    lines(
      proxy(H1),
      '<IfModule lbmethod_bytraffic_module>',
      `    BalancerMember balancer://c1 ${H2} loadfactor=0`,
      '</IfModule>',
      loadModule('lbmethod_bytraffic'),
    ),
  ),
  accepted(
    '#64 <Proxy> line lbmethod plus an inner ProxySet',
    lines('<Proxy "balancer://c1" lbmethod=bytraffic>', `    BalancerMember ${H1}`, '    ProxySet lbmethod=byrequests', '</Proxy>'),
    BYTRAFFIC,
  ),
  accepted(
    "#65 text after the <Proxy> line's > is ignored",
    lines('<Proxy "balancer://c1"> lbmethod=bogus', `    BalancerMember ${H1}`, '</Proxy>'),
  ),
  refused(
    '#66 <Proxy> arguments on a wildcard URL',
    lines('<Proxy "balancer://c*" lbmethod=bytraffic>', '    Require all granted', '</Proxy>'),
    BYTRAFFIC,
  ),
  refused(
    '#66 <Proxy> arguments on a non-URL',
    lines('<Proxy /local lbmethod=bytraffic>', '    Require all granted', '</Proxy>'),
    BYTRAFFIC,
  ),
  refused(
    '#66 <ProxyMatch> arguments',
    lines('<ProxyMatch "^balancer://c" lbmethod=bytraffic>', '    Require all granted', '</ProxyMatch>'),
    BYTRAFFIC,
  ),
  accepted(
    '#67 ProxySet inside a true <IfModule> inside <Proxy>',
    lines(
      '<Proxy "balancer://c1">',
      `    BalancerMember ${H1}`,
      '    <IfModule proxy_balancer_module>',
      '        ProxySet lbmethod=bybusyness',
      '    </IfModule>',
      '</Proxy>',
    ),
    BYBUSYNESS,
  ),
  refused(
    '#67 a bad ProxySet inside a true <IfModule> inside <Proxy>',
    lines(
      '<Proxy "balancer://c1">',
      `    BalancerMember ${H1}`,
      '    <IfModule proxy_balancer_module>',
      '        ProxySet lbmethod=bogus',
      '    </IfModule>',
      '</Proxy>',
    ),
  ),
  refused('bare word on ProxySet', withC1('ProxySet balancer://c1 lbmethod=byrequests bogus')),
  refused('#99 ProxySet on a worker not defined', withC1('ProxySet http://10.0.0.9:8080 loadfactor=2')),
  // Where balancers come from (docs/apache-semantics.md, Declaring balancers and members).
  refused('#35 ProxySet before the balancer exists', lines('ProxySet balancer://c1 lbmethod=byrequests', proxy(H1))),
  refused(
    '#36 a <Proxy> holding only Require defines nothing',
    lines('<Proxy "balancer://c1">', '    Require all granted', '</Proxy>', 'ProxySet balancer://c1 lbmethod=byrequests'),
  ),
  accepted('#37 ProxyPass before <Proxy>', lines('ProxyPass "/app/" "balancer://c1/"', proxy(H1))),
  refused('#38 balancer:c1 (no //)', 'ProxyPass "/x" "balancer:c1"'),
  accepted(
    '#39 mixed case and a path name the same balancer',
    lines('<Proxy "balancer://MixedCase/p">', `    BalancerMember ${H1}`, '</Proxy>', 'ProxyPass "/" "balancer://mixedcase/"'),
  ),
  refused('#40 a balancer name of 100 characters', `ProxyPass "/x" "balancer://${'n'.repeat(89)}/"`),
  refused('#42 a balancer name inside <Proxy>', lines('<Proxy "balancer://c1">', `    BalancerMember balancer://c1 ${H1}`, '</Proxy>')),
  refused('#43 a member outside any section without a balancer name', `BalancerMember ${H1}`),
  accepted('#43 a member outside any section with a balancer name', `BalancerMember balancer://c1 ${H1}`),
  refused('#44 BalancerMember in <Location /x>', lines('<Location "/x">', `    BalancerMember ${H1}`, '</Location>')),
  refused('#45 BalancerMember in <Proxy> with no argument', lines('<Proxy>', `    BalancerMember ${H1}`, '</Proxy>')),
  refused('#45 BalancerMember in <Proxy *>', lines('<Proxy *>', `    BalancerMember ${H1}`, '</Proxy>')),
  accepted('#46 BalancerMember in <Proxy http://backend>', lines('<Proxy "http://backend">', `    BalancerMember ${H1}`, '</Proxy>')),
  refused('#47 two words in <If "true">', lines('<If "true">', `    BalancerMember balancer://c1 ${H1}`, '</If>')),
  refused('#48 a member URL without scheme: 127.0.0.1:8080', proxy('127.0.0.1:8080')),
  refused('#48 a member URL without scheme: localhost:8080', proxy('localhost:8080')),
  refused('#49 a query string makes the URL a parameter', proxy('http://10.0.0.1:8080/?a=b')),
  refused('#2.3 http://h:1:80/ cannot be parsed', proxy('http://10.0.0.1:1:80/')),
  accepted('#50 parameters before the URL', proxy(`route=x loadfactor=3 ${H1}`)),
  accepted('#51 a URL extending an earlier member is shared', proxy(H1, `${H1}/app loadfactor=0`)),
  accepted('#52 a shorter URL after a longer one', proxy(`${H1}/app`, H1)),
  accepted('#53 default port and case: one member', proxy('http://LOCALHOST:80', 'http://localhost/ loadfactor=0')),
  // Reading: comments, continuations, variables (docs/apache-semantics.md, ap_cfg_getline_core§1.3).
  refused('#68 a trailing # comment', proxy(`${H1} loadfactor=2 # slow`)),
  accepted(
    '#69 a comment line ending in \\ swallows the next line',
    lines('<Proxy "balancer://c1">', `    BalancerMember ${H1}`, '    # retired: \\', `    BalancerMember ${H2} loadfactor=0`, '</Proxy>'),
  ),
  accepted(
    '#70 \\ + space is not a continuation: Define gets the value \\',
    lines('Define SLASH \\ ', `BalancerMember balancer://c1 ${H1}`),
  ),
  refused('#70 \\ + space inside <Proxy> is an extra word', proxy(`${H1} \\ `, H2)),
  refused(
    '#71 an error on the second physical line',
    lines('<Proxy "balancer://c1">', `    BalancerMember ${H1} \\`, '        loadfactor=0', '</Proxy>'),
  ),
  refused(
    '#71 an error on the first of three physical lines',
    lines('<Proxy "balancer://c1">', `    BalancerMember ${H1} loadfactor=0 \\`, '        route=a \\', '        lbset=1', '</Proxy>'),
  ),
  refused(
    '#1.1 a continuation without space glues the words',
    lines('<Proxy "balancer://c1">', `    BalancerMember ${H1}\\`, 'loadfactor=2', '</Proxy>'),
  ),
  accepted('#78 ${LOWVAR} after Define lowvar 3', lines('Define lowvar 3', proxy(`${H1} loadfactor=\${LOWVAR}`))),
  refused(
    '#80 a variable value splits into words',
    lines('Define M "http://10.0.0.1:8080 loadfactor=0"', 'BalancerMember balancer://c1 ${M}'),
  ),
  accepted('#83 $${X} is $ plus the value', lines('Define X 2', proxy(`${H1} route=$\${X}`))),
  refused('#83 $${X} as a loadfactor is $2', lines('Define X 2', proxy(`${H1} loadfactor=$\${X}`))),
  refused('Define with ":" in the name', 'Define backend:port 8080'),
  // Apache runs with this suite's environment, which the linter is given whole (environmentIsComplete): an
  // unresolved ${VAR} is then certainly literal (docs/apache-semantics.md, ap_resolve_env).
  refused('${UNDEFINED} in loadfactor', proxy(`${H1} loadfactor=\${UNDEFINED_BY_BALANCER_LENS}`)),
  refused('#81 ${X} used before Define X', lines(proxy(`${H1} loadfactor=\${BL_X}`), 'Define BL_X 5')),
  refused('Define W with no value leaves ${W} undefined', lines('Define BL_W', proxy(`${H1} loadfactor=\${BL_W}`))),
  accepted('Define W 4 then Define W keeps the value 4', lines('Define BL_W 4', 'Define BL_W', proxy(`${H1} loadfactor=\${BL_W}`))),
  refused('UnDefine W before the use', lines('Define BL_W 4', 'UnDefine BL_W', proxy(`${H1} loadfactor=\${BL_W}`))),
  refused('an undefined ${PORT} in a member URL', proxy(`http://10.0.0.1:\${BL_PORT}`)),
  accepted('an undefined ${R} in a route is accepted as text', proxy(`${H1} route=\${BL_R}`)),
  refused('#91 a UTF-8 BOM at the start of the file', proxy(H1), { bom: true }),
  // Sections and conditionals (docs/apache-semantics.md, ap_build_config_sub, §1.6).
  refused('#72 </Proxy > (space before >)', lines('<Proxy "balancer://c1">', `    BalancerMember ${H1}`, '</Proxy >')),
  accepted('#73 </proxy> closes <Proxy>', lines('<Proxy "balancer://c1">', `    BalancerMember ${H1}`, '</proxy>')),
  accepted(
    '#73 </Proxy> junk: the rest of the line is ignored',
    lines('<Proxy "balancer://c1">', `    BalancerMember ${H1}`, '</Proxy> junk here'),
  ),
  refused('#74 </Location> closing <Proxy>', lines('<Proxy "balancer://c1">', `    BalancerMember ${H1}`, '</Location>')),
  refused('#75 an unclosed <Proxy>', lines('<Proxy "balancer://c1">', `    BalancerMember ${H1}`)),
  refused(
    '#75 two unclosed sections: reported at the outermost',
    lines('<VirtualHost 127.0.0.1:8000>', '<Proxy "balancer://c1">', `    BalancerMember ${H1}`),
  ),
  refused('#76 <Proxy balancer://c1 without >', lines('<Proxy "balancer://c1"', `    BalancerMember ${H1}`, '</Proxy>')),
  accepted(
    '#84 <IfModule mod_proxy_balancer> (no .c) is false',
    lines(proxy(H1), '<IfModule mod_proxy_balancer>', `    BalancerMember balancer://c1 ${H2} loadfactor=0`, '</IfModule>'),
  ),
  accepted(
    '#84 <IfModule MOD_PROXY_BALANCER.C> is false',
    lines(proxy(H1), '<IfModule MOD_PROXY_BALANCER.C>', `    BalancerMember balancer://c1 ${H2} loadfactor=0`, '</IfModule>'),
  ),
  accepted(
    '#85 <IfVersion = 2.4> is false on 2.4.71',
    lines(proxy(H1), '<IfVersion = 2.4>', `    BalancerMember balancer://c1 ${H2} loadfactor=0`, '</IfVersion>'),
  ),
  refused(
    '#85 <IfVersion >= 2.4> is true',
    lines(proxy(H1), '<IfVersion >= 2.4>', `    BalancerMember balancer://c1 ${H2} loadfactor=0`, '</IfVersion>'),
  ),
  refused(
    '#86 a skipped <IfModule> with a mismatched close',
    lines(proxy(H1), '<IfModule !proxy_module>', '    <Proxy "balancer://c2">', '    </Location>', '</IfModule>'),
  ),
  accepted(
    '#87 a skipped <IfModule> with garbage inside',
    lines(proxy(H1), '<IfModule !proxy_module>', '    NoSuchDirective at all', `    BalancerMember ${H2} loadfactor=0`, '</IfModule>'),
  ),
  refused('#88 </IfModule > ending a true block', lines('<IfModule proxy_module>', proxy(H1), '</IfModule >')),
  accepted('an unclosed <IfModule> that is true', lines('<IfModule proxy_module>', proxy(H1))),
  accepted(
    '#79 <IfDefine FOO> after Define Foo is false',
    lines('Define Foo', proxy(H1), '<IfDefine FOO>', `    BalancerMember balancer://c1 ${H2} loadfactor=0`, '</IfDefine>'),
  ),
  refused('#89 Include of a wildcard that matches nothing', lines(proxy(H1), 'Include zz*.conf')),
  refused('#89 Include of a missing file', lines(proxy(H1), 'Include /nonexistent/balancer-lens.conf')),
  refused('#89 Include of a wildcard in a missing folder', lines(proxy(H1), 'Include /nonexistent/*.conf')),
  refused('Include with two paths', lines(proxy(H1), 'Include a.conf b.conf')),
  accepted(
    '#90 IncludeOptional of a missing file, directory and wildcard',
    lines(proxy(H1), 'IncludeOptional /nonexistent/x.conf', 'IncludeOptional /nonexistent/dir/*.conf', 'IncludeOptional zz*.conf'),
  ),
  // Directives and contexts (docs/apache-semantics.md, ap_build_config_sub, §2.6).
  refused(
    'unknown directive typo ProdyPassReverse',
    lines(proxy(H1), 'ProxyPass "/app/" "balancer://c1/"', 'ProdyPassReverse "/app/" "balancer://c1/"'),
  ),
  refused(
    'BalancerGrowth inside <Proxy>',
    lines('<Proxy "balancer://c1">', `    BalancerMember ${H1}`, '    BalancerGrowth 10', '</Proxy>'),
  ),
  refused(
    '<Proxy> inside <Location>',
    lines('<Location "/x">', '    <Proxy "balancer://c1">', `        BalancerMember ${H1}`, '    </Proxy>', '</Location>'),
  ),
  refused(
    'BalancerGrowth inside a true <IfModule> inside <Proxy>',
    lines(
      '<Proxy "balancer://c1">',
      `    BalancerMember ${H1}`,
      '    <IfModule proxy_module>',
      '        BalancerGrowth 10',
      '    </IfModule>',
      '</Proxy>',
    ),
  ),
  refused('BalancerPersist inside <If>: the section is named as Apache spells it', lines('<if "true">', '    BalancerPersist On', '</if>')),
  refused(
    '<Location> inside <Proxy>',
    lines('<Proxy "balancer://c1">', `    BalancerMember ${H1}`, '    <Location "/x">', '    </Location>', '</Proxy>'),
  ),
  refused(
    '<Proxy> inside <Proxy>',
    lines(
      '<Proxy "balancer://c1">',
      `    BalancerMember ${H1}`,
      '    <Proxy "balancer://c2">',
      `        BalancerMember ${H2}`,
      '    </Proxy>',
      '</Proxy>',
    ),
  ),
  refused(
    '<VirtualHost> inside <VirtualHost>',
    lines('<VirtualHost 127.0.0.1:8000>', '    <VirtualHost 127.0.0.1:8001>', '    </VirtualHost>', '</VirtualHost>'),
  ),
  accepted(
    'read-time directives are not context-checked: Define and LoadModule inside sections',
    lines(
      '<Location "/x">',
      '    Define INSIDE 1',
      '</Location>',
      '<Proxy "balancer://c1">',
      `    ${loadModule('lbmethod_bytraffic')}`,
      `    BalancerMember ${H1}`,
      '    ProxySet lbmethod=bytraffic',
      '</Proxy>',
    ),
  ),
  refused(
    'a member without balancer name inside <VirtualHost>',
    lines('<VirtualHost 127.0.0.1:8000>', `    BalancerMember ${H1}`, '</VirtualHost>'),
  ),
  refused('a directive of a module not loaded: MinSpareServers with mpm_event', lines('MinSpareServers 1', proxy(H1))),
  refused(
    'a directive of a module not loaded: SSLProxyEngine without mod_ssl',
    lines('<Proxy "balancer://c1">', `    BalancerMember ${H1}`, '    SSLProxyEngine On', '</Proxy>'),
  ),
  refused('an unknown section', lines('<Balancer "balancer://c1">', `    BalancerMember ${H1}`, '</Balancer>')),
  refused('#95 BalancerGrowth 1001', lines('BalancerGrowth 1001', proxy(H1))),
  refused('#95 BalancerGrowth with no argument', lines('BalancerGrowth', proxy(H1))),
  refused('#95 BalancerGrowth with two arguments', lines('BalancerGrowth 3 4', proxy(H1))),
  accepted('#95 BalancerGrowth abc is atoi 0', lines('BalancerGrowth abc', proxy(H1))),
  accepted('#95 BalancerPersist on off: only the first word counts', lines('BalancerPersist on off', proxy(H1))),
  refused('#95 BalancerInherit 1', lines('BalancerInherit 1', proxy(H1))),
  refused('#95 ProxyPassInherit with no argument', lines('ProxyPassInherit', proxy(H1))),
  accepted('#95 BalancerGrowth 1000', lines('BalancerGrowth 1000', proxy(H1))),
  refused('#95 BalancerPersist yes', lines('BalancerPersist yes', proxy(H1))),
  // core.c virtualhost_section and set_server_root (issue 28, point 4).
  refused('<VirtualHost> with no address', lines('<VirtualHost>', '    ServerName x.test', '</VirtualHost>')),
  refused('<VirtualHost > with only a space before >', lines('<VirtualHost >', '</VirtualHost>')),
  accepted('<VirtualHost *:80> with a ServerName', lines('<VirtualHost *:80>', '    ServerName x.test', '</VirtualHost>')),
  refused('ServerRoot that does not exist', lines('ServerRoot "/balancer-lens-no-such-dir"', proxy(H1))),
  refused('ServerRoot naming a file', lines('ServerRoot "/usr/sbin/apache2"', proxy(H1))),
  accepted('ServerRoot naming a folder', lines('ServerRoot "/usr"', proxy(H1))),
  // mod_so.c load_module and dso_load, at read time (issue 28, point 3).
  refused('LoadModule with one argument', lines('LoadModule proxy_hcheck_module', proxy(H1))),
  refused(
    'LoadModule with three arguments',
    lines('LoadModule proxy_hcheck_module /usr/lib/apache2/modules/mod_proxy_hcheck.so x', proxy(H1)),
  ),
  refused(
    'LoadModule of a file that does not exist',
    lines('LoadModule proxy_hcheck_module /usr/lib/apache2/modules/mod_nothing.so', proxy(H1)),
  ),
  refused(
    'LoadModule of a ServerRoot-relative file that does not exist',
    lines('LoadModule proxy_hcheck_module modules/mod_nothing.so', proxy(H1)),
  ),
  refused(
    'LoadModule naming a symbol the file does not export',
    lines('LoadModule hcheck_module /usr/lib/apache2/modules/mod_proxy_hcheck.so', proxy(H1)),
  ),
  accepted(
    'LoadModule of a module file as Debian ships it',
    lines('LoadModule proxy_hcheck_module /usr/lib/apache2/modules/mod_proxy_hcheck.so', proxy(H1)),
  ),
  // mod_proxy_hcheck.c set_worker_hc_param: names are looked up in the server's definitions so far (issue 28, point 2).
  refused('hcexpr naming no ProxyHCExpr', proxy(`${H1} hcmethod=GET hcexpr=ok`), HCHECK),
  refused(
    'hcexpr before its ProxyHCExpr',
    lines(proxy(`${H1} hcmethod=GET hcexpr=ok`), 'ProxyHCExpr ok {%{REQUEST_STATUS} =~ /^[23]/}'),
    HCHECK,
  ),
  accepted(
    'hcexpr after its ProxyHCExpr, in another case',
    lines('ProxyHCExpr OK {%{REQUEST_STATUS} =~ /^[23]/}', proxy(`${H1} hcmethod=GET hcexpr=ok`)),
    HCHECK,
  ),
  refused('hctemplate naming no ProxyHCTemplate', proxy(`${H1} hctemplate=t`), HCHECK),
  accepted(
    'hctemplate after its ProxyHCTemplate',
    lines('ProxyHCTemplate t hcmethod=GET hcinterval=10', proxy(`${H1} hctemplate=t`)),
    HCHECK,
  ),
  refused(
    'a virtual host does not see the main server ProxyHCExpr',
    lines('ProxyHCExpr ok {%{REQUEST_STATUS} =~ /^[23]/}', '<VirtualHost *:80>', proxy(`${H1} hcmethod=GET hcexpr=ok`), '</VirtualHost>'),
    HCHECK,
  ),
  // mod_proxy_hcheck.c set_hc_template: each word key=value through set_worker_hc_param, the first error stops the line.
  refused('ProxyHCTemplate with an unknown method', lines('ProxyHCTemplate t hcmethod=FOO', proxy(`${H1} hctemplate=t`)), HCHECK),
  refused('ProxyHCTemplate with a bare word', lines('ProxyHCTemplate t hcmethod', proxy(H1)), HCHECK),
  refused('ProxyHCTemplate with a key it does not know', lines('ProxyHCTemplate t hcmethod=GET weight=3', proxy(H1)), HCHECK),
  refused('ProxyHCTemplate with hcinterval under the watchdog tick', lines('ProxyHCTemplate t hcinterval=50ms', proxy(H1)), HCHECK),
  refused('ProxyHCTemplate with hcfails=-1', lines('ProxyHCTemplate t hcfails=-1', proxy(H1)), HCHECK),
  refused('ProxyHCTemplate naming no ProxyHCExpr', lines('ProxyHCTemplate t hcmethod=GET hcexpr=ok', proxy(H1)), HCHECK),
  accepted(
    'ProxyHCTemplate naming itself and an earlier ProxyHCExpr',
    lines(
      'ProxyHCExpr ok {%{REQUEST_STATUS} =~ /^[23]/}',
      'ProxyHCTemplate t hctemplate=T hcexpr=ok hcinterval=5',
      proxy(`${H1} hctemplate=t`),
    ),
    HCHECK,
  ),
  // mod_proxy_hcheck.c set_hc_condition: a name of at most 15 bytes, one expression (ap_getword_conf2), nothing after it.
  refused('ProxyHCExpr with no name', lines('ProxyHCExpr', proxy(H1)), HCHECK),
  refused('ProxyHCTemplate with no name', lines('ProxyHCTemplate', proxy(H1)), HCHECK),
  refused('ProxyHCExpr with a name over 15 bytes', lines('ProxyHCExpr name_of_16_bytes {%{REQUEST_STATUS} =~ /^[23]/}', proxy(H1)), HCHECK),
  accepted('ProxyHCExpr with a name of 15 bytes', lines('ProxyHCExpr name_of_15bytes {%{REQUEST_STATUS} =~ /^[23]/}', proxy(H1)), HCHECK),
  refused('ProxyHCExpr with no expression', lines('ProxyHCExpr ok', proxy(H1)), HCHECK),
  refused('ProxyHCExpr with an empty {} expression', lines('ProxyHCExpr ok {}', proxy(H1)), HCHECK),
  refused('ProxyHCExpr with a word after its expression', lines('ProxyHCExpr ok {%{REQUEST_STATUS} =~ /^[23]/} x', proxy(H1)), HCHECK),
  refused('ProxyHCExpr with its expression out of braces', lines('ProxyHCExpr ok %{REQUEST_STATUS} =~ /^2/', proxy(H1)), HCHECK),
  refused('ProxyHCExpr with a variable alone', lines('ProxyHCExpr ok {%{REQUEST_STATUS}}', proxy(H1)), HCHECK),
  accepted('ProxyHCExpr with a quoted expression', lines('ProxyHCExpr ok "%{REQUEST_STATUS} == 200"', proxy(H1)), HCHECK),
  // ap_expr in the other directives that parse one while reading (server/src/core/expr; ProxyHCExpr's own table: hc-expressions.test.ts).
  refused('<If> with a regex PCRE refuses', lines('<If "%{REQUEST_URI} =~ /(/">', '</If>')),
  refused('<ElseIf> with an unknown variable', lines('<If "true">', '</If>', '<ElseIf "%{FOO} == 1">', '</ElseIf>')),
  accepted(
    '<If> and <ElseIf> that parse',
    lines('<If "%{REQUEST_URI} =~ m#^/api/# && -n %{HTTP_HOST}">', '</If>', "<ElseIf \"!(%{QUERY_STRING} in {'a', 'b'})\">", '</ElseIf>'),
  ),
  refused('<If> using hc() without mod_proxy_hcheck', lines('<If "hc(\'body\') == 1">', '</If>')),
  accepted('<If> using hc() with mod_proxy_hcheck', lines('<If "hc(\'body\') == 1">', '</If>'), HCHECK),
  accepted('<If> nested 9,995 parentheses deep', lines(`<If "${'('.repeat(9995)}true${')'.repeat(9995)}">`, '</If>')),
  refused(
    '<If> nested 9,996 parentheses deep: bison runs out of stack',
    lines(`<If "${'('.repeat(9996)}true${')'.repeat(9996)}">`, '</If>'),
  ),
  refused('SetEnvIfExpr with an unclosed parenthesis', 'SetEnvIfExpr "(%{REQUEST_URI} == \'/\'" x=1', { modules: ['setenvif'] }),
  accepted('SetEnvIfExpr that parses', 'SetEnvIfExpr "%{REQUEST_URI} -strmatch \'/api/*\'" x=1', { modules: ['setenvif'] }),
  refused('RewriteCond expr with an unknown variable', lines('RewriteEngine On', 'RewriteCond expr "%{FOO} == 1"', 'RewriteRule ^ -'), {
    modules: ['rewrite'],
  }),
  refused('RewriteCond expr negated, with a regex PCRE refuses', lines('RewriteCond expr "!%{REQUEST_URI} =~ /(/"', 'RewriteRule ^ -'), {
    modules: ['rewrite'],
  }),
  accepted(
    'RewriteCond expr negated, that parses',
    lines('RewriteCond expr "! %{REQUEST_URI} -strmatch \'/a*\'" [NV]', 'RewriteRule ^ -'),
    {
      modules: ['rewrite'],
    },
  ),
  refused('Require expr with an unknown function', lines('<Location />', '    Require expr "foo(%{REQUEST_URI}) == 1"', '</Location>')),
  refused('Require not expr with an unknown variable', lines('<Location />', '    Require not expr %{FOO} == 1', '</Location>')),
  refused('Require expr with nothing after it', lines('<Location />', '    Require expr', '</Location>')),
  accepted(
    'Require expr unquoted, and quoted',
    lines('<Location />', "    Require expr %{REQUEST_METHOD} in {'GET', 'HEAD'}", '    Require expr "-R \'10.0.0.0/8\'"', '</Location>'),
  ),
  // rewrite-negated-backreference is a warning: Apache accepts $1 after a negated pattern (and proxies it as empty: test/apache/rewrite.test.ts).
  accepted(
    'RewriteRule with a negated pattern using $1',
    withC1('RewriteEngine On', 'RewriteRule "!^/(static/.*)" "balancer://c1/$1" [P,L]'),
    { modules: ['rewrite'] },
  ),
];

/** What Apache named: the line of `Syntax error on line N` and the message after the file name. */
interface ApacheError {
  readonly line: number;
  readonly message: string;
}

/**
 * Reads `apache2 -t`'s refusal in either format (docs/apache-semantics.md, ap_build_config_sub): `AH00526: Syntax error on line N of
 * FILE:` with the message on the next line (walk phase), or `apache2: Syntax error on line N of
 * FILE: MSG` (read phase). The message is kept as printed, escapes included.
 */
function apacheError(output: string, file: string): ApacheError | undefined {
  const walk = /AH00526: Syntax error on line (\d+) of ([^\n]*):\n([^\n]*)/.exec(output);
  const read = /Syntax error on line (\d+) of ([^\n]*?): ([^\n]*)/.exec(output);
  const found = walk ?? read;
  if (!found) return undefined;
  const [, line = '', named = '', message = ''] = found;
  assert.equal(named, file, `Apache names another file: ${output}`);
  return { line: Number(line), message };
}

/**
 * Undoes Apache's log escaping (ap_escape_logitem: `\\`, `\"`, `\n`, `\xHH` for other bytes) so
 * both sides compare as text; applied to the words we give as Apache's (apacheMessage) as well, which keep its escapes.
 */
function unescapeLog(text: string): string {
  const bytes: number[] = [];
  const utf8 = Buffer.from(text, 'utf8');
  for (let i = 0; i < utf8.length; i++) {
    const byte = utf8[i]!;
    const next = String.fromCharCode(utf8[i + 1] ?? 0);
    if (byte !== 0x5c) bytes.push(byte);
    else if (next === 'x' && /^[0-9a-f]{2}$/i.test(utf8.subarray(i + 2, i + 4).toString('latin1'))) {
      bytes.push(parseInt(utf8.subarray(i + 2, i + 4).toString('latin1'), 16));
      i += 3;
    } else if (next === '\\' || next === '"') {
      bytes.push(next.charCodeAt(0));
      i++;
    } else if (next === 'n' || next === 'r' || next === 't') {
      bytes.push({ n: 10, r: 13, t: 9 }[next]);
      i++;
    } else bytes.push(byte);
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Every directive line of the tree (section opening and closing lines included), in any order. */
function directivesOf(nodes: readonly Node[]): Directive[] {
  return nodes.flatMap((node) =>
    node.kind === 'directive' ? [node] : [node.open, ...directivesOf(node.children), ...(node.close ? [node.close] : [])],
  );
}

/** Every conditional section whose test was false (its body skipped), at any depth. */
function skippedConditionals(nodes: readonly Node[]): Section[] {
  return nodes.flatMap((node) =>
    node.kind === 'directive' ? [] : [...(node.condition?.active === false ? [node] : []), ...skippedConditionals(node.children)],
  );
}

/**
 * Whether a diagnostic points at 1-based line `line`, where Apache reports the error. Accepted, and
 * nothing else:
 * (a) the diagnostic's span covers that line: its first line ≤ line ≤ its last line (the line of
 *     its last character);
 * (b) the directive line holding the diagnostic's start ends on that line: Apache reports a logical
 *     line continued over several physical lines at its last physical line (docs/apache-semantics.md, ap_cfg_getline_core), while our
 *     span may sit on an earlier one. Errors of a container handler (`<Proxy …>` arguments, a
 *     missing `>`, an unclosed section) are reported at the container's opening line, where our
 *     section errors point too, so (a) or (b) covers them;
 * (c) the diagnostic lies inside a false conditional whose opening line ends on that line: Apache
 *     checks a skipped block only for section nesting, inside the conditional's handler, and
 *     reports a mismatch there at the conditional's line (docs/apache-semantics.md, start_cond_section); we point at the offending
 *     line inside the block. No other error can come from inside a skipped block.
 */
function pointsAtLine(diagnostic: Diagnostic, line: number, index: LineIndex, tree: SyntaxTree): boolean {
  const { start, end } = diagnostic.span;
  const lineOf = (offset: number): number => index.position(offset).line + 1;
  if (lineOf(start) <= line && line <= lineOf(Math.max(start, end - 1))) return true;
  const holder = directivesOf(tree.nodes).find((directive) => directive.span.start <= start && start <= directive.span.end);
  if (holder !== undefined && lineOf(holder.lineAt) === line) return true;
  return skippedConditionals(tree.nodes).some(
    (section) => section.span.start <= start && end <= section.span.end && lineOf(section.open.lineAt) === line,
  );
}

/** The errors (warnings and infos do not count) our linter reports for an analysis. */
function errorsOf(analysis: Analysis): Diagnostic[] {
  return lint(analysis).filter((diagnostic) => diagnostic.severity === 'error');
}

function describeErrors(errors: readonly Diagnostic[], index: LineIndex): string {
  if (errors.length === 0) return '  (no errors)';
  return errors.map((error) => `  line ${index.position(error.span.start).line + 1} [${error.ruleId}] ${error.message}`).join('\n');
}

/** A fragment-free wrapper for `-t`: own ServerRoot, pid file, error log, loopback port, modules. */
function configTestWrapper(dir: string, port: number, modules: readonly string[]): string[] {
  return [...serverLines(dir, port), ...moduleLines([...BASE_MODULES, ...modules])];
}

describe('real Apache: config test (apache2 -t) agrees with the linter', function () {
  const batch = configTestBatch('case', (dir, port) =>
    cases.map(
      (testCase) =>
        (testCase.bom ? '\uFEFF' : '') + [...configTestWrapper(dir, port, testCase.modules ?? []), testCase.fragment, ''].join('\n'),
    ),
  );

  it(`has at least 70 cases, each with a distinct title`, function () {
    assert.ok(cases.length >= 70, `${cases.length} cases`);
    assert.equal(new Set(cases.map((testCase) => testCase.title)).size, cases.length);
  });

  for (const [number, testCase] of cases.entries()) {
    it(`${testCase.verdict}: ${testCase.title}`, function () {
      const { results, files, texts } = batch();
      const [result, file, text] = [results[number]!, files[number]!, texts[number]!];
      const index = new LineIndex(text);
      // As Apache reads it: from its path, with includes followed on the disk (ServerRoot is the scratch folder).
      // Apache's environment is this process's, and the linter is given all of it.
      const analysis = analyze(text, {
        path: file,
        files: diskAccess(),
        epochSeconds: EPOCH_SECONDS,
        environment: process.env,
        environmentIsComplete: true,
      });
      const errors = errorsOf(analysis);
      const apacheRefuses = result.status !== 0;
      const report = `Apache (exit ${result.status}):\n${result.output.trim()}\nour errors:\n${describeErrors(errors, index)}`;
      // The spec's verdict first: a wrapper mistake must not pass for agreement.
      assert.equal(apacheRefuses ? 'refused' : 'accepted', testCase.verdict, `Apache's verdict differs from the spec's\n${report}`);
      assert.equal(errors.length > 0, apacheRefuses, `verdicts differ\n${report}`);
      if (!apacheRefuses) return;
      const named = apacheError(result.output, file);
      if (named === undefined) assert.fail(`no "Syntax error on line N" in Apache's output\n${report}`);
      const onLine = errors.filter((error) => pointsAtLine(error, named.line, index, analysis.tree));
      assert.ok(onLine.length > 0, `none of our errors is on line ${named.line}\n${report}`);
      // Several unclosed sections come as one message, one part per line (docs/apache-semantics.md, ap_build_config_sub): an error on
      // Apache's line must carry one part as its Apache words, and every part must be carried by one of our errors.
      const parts = unescapeLog(named.message)
        .split('\n')
        .map((part) => part.replace(/^\S+:\d+: /, ''));
      const quotes = (error: Diagnostic, part: string): boolean => unescapeLog(error.apacheMessage ?? '').includes(part);
      assert.ok(
        onLine.some((error) => parts.some((part) => quotes(error, part))),
        `no error on line ${named.line} quotes Apache's message ${JSON.stringify(parts)}\n${report}`,
      );
      for (const part of parts)
        assert.ok(
          errors.some((error) => quotes(error, part)),
          `no error quotes ${JSON.stringify(part)}\n${report}`,
        );
    });
  }
});

/** A start-up case: the modules to load (complete list, MPM included) and the fragment. */
interface StartCase {
  readonly title: string;
  readonly modules: readonly string[];
  readonly fragment: string;
  /** Whether Apache starts, and if not, the log line the spec names and the rule that must say so. */
  readonly expected: { readonly starts: true } | { readonly starts: false; readonly log: string; readonly ruleId: string };
}

const ALL_START_MODULES = ['mpm_event', 'authz_core', 'proxy', 'proxy_http', 'proxy_balancer', 'slotmem_shm', 'lbmethod_byrequests'];
const without = (stem: string): string[] => ALL_START_MODULES.filter((module) => module !== stem);
const twoBalancers = (first: string, second: string, growth = ''): string =>
  lines(
    `<Proxy "balancer://${first}"${growth}>`,
    `    BalancerMember ${H1}`,
    '</Proxy>',
    `<Proxy "balancer://${second}">`,
    `    BalancerMember ${H2}`,
    '</Proxy>',
  );

const startCases: readonly StartCase[] = [
  { title: 'a complete config starts', modules: ALL_START_MODULES, fragment: proxy(H1), expected: { starts: true } },
  {
    title: '#41 balancer://a-b and balancer://a.b share a shared-memory slot',
    modules: ALL_START_MODULES,
    fragment: twoBalancers('a-b', 'a.b'),
    expected: { starts: false, log: 'AH01186', ruleId: 'balancer-name-collision' },
  },
  {
    title: '#33 a ProxyPass to balancer://a-b before balancer://a.b defines an empty balancer that takes the same slot first',
    modules: ALL_START_MODULES,
    fragment: lines('ProxyPass "/a/" "balancer://a-b/"', '<Proxy "balancer://a.b">', `    BalancerMember ${H2}`, '</Proxy>'),
    expected: { starts: false, log: 'AH01186', ruleId: 'balancer-name-collision' },
  },
  {
    title: "#33 the same ProxyPass misspelled (balnacer://a-b) starts: balancer-scheme-typo's fix is not safe there",
    modules: ALL_START_MODULES,
    fragment: lines('ProxyPass "/a/" "balnacer://a-b/"', '<Proxy "balancer://a.b">', `    BalancerMember ${H2}`, '</Proxy>'),
    expected: { starts: true },
  },
  {
    title: '#41 the same names start when the first has growth',
    modules: ALL_START_MODULES,
    fragment: twoBalancers('a-b', 'a.b', ' growth=2'),
    expected: { starts: true },
  },
  {
    title: '#32 lbmethod_byrequests not loaded, no lbmethod set',
    modules: without('lbmethod_byrequests'),
    fragment: proxy(H1),
    expected: { starts: false, log: 'AH02432', ruleId: 'module-not-loaded' },
  },
  {
    title: '#32 lbmethod_byrequests not loaded, but every balancer sets another lbmethod',
    modules: [...without('lbmethod_byrequests'), 'lbmethod_bybusyness'],
    fragment: withC1('ProxySet balancer://c1 lbmethod=bybusyness'),
    expected: { starts: true },
  },
  {
    title: 'slotmem_shm not loaded',
    modules: without('slotmem_shm'),
    fragment: proxy(H1),
    expected: { starts: false, log: 'AH01177', ruleId: 'module-not-loaded' },
  },
];

describe('real Apache: start-up failures that apache2 -t misses agree with the linter', function () {
  const perTest = cleanAfterEach();

  before(assertApacheInstalled);

  for (const startCase of startCases) {
    it(`${startCase.expected.starts ? 'starts' : 'fails to start'}: ${startCase.title}`, async function () {
      const dir = await perTest.scratch();
      await mkdir(join(dir, 'run'));
      const port = await freePort();
      // A complete config, no Include: the linter then knows every loaded module.
      const text = [
        ...serverLines(dir, port),
        ...startCase.modules.map(loadModule),
        'StartServers 1',
        'ServerLimit 1',
        startCase.fragment,
        '',
      ].join('\n');
      assert.ok(!/^\s*Include/im.test(text));
      const file = join(dir, 'httpd.conf');
      await writeFile(file, text);
      const test = await runConfigTest(file);
      assert.equal(test.status, 0, `apache2 -t should pass (docs/apache-semantics.md, Start-up):\n${test.output}`);

      const outcome: StartOutcome = await launchApache(dir, file, port);
      if (outcome.started) perTest.stopAfter(outcome.server);
      const index = new LineIndex(text);
      const errors = errorsOf(analyze(text, { epochSeconds: EPOCH_SECONDS }));
      const report = `Apache ${outcome.started ? 'started' : `failed:\n${outcome.log.trim()}`}\nour errors:\n${describeErrors(errors, index)}`;
      assert.equal(outcome.started, startCase.expected.starts, `Apache's start-up differs from the spec's\n${report}`);
      assert.equal(errors.length === 0, outcome.started, `verdicts differ\n${report}`);
      const expected = startCase.expected;
      if (expected.starts || outcome.started) return;
      assert.ok(outcome.log.includes(expected.log), `Apache's log lacks ${expected.log}\n${report}`);
      assert.ok(
        errors.some((error) => error.ruleId === expected.ruleId),
        `no ${expected.ruleId} error\n${report}`,
      );
    });
  }
});

describe('real Apache: without mod_proxy_balancer, a balancer request gets 500', function () {
  const perTest = cleanAfterEach();

  before(assertApacheInstalled);

  // BalancerMember belongs to mod_proxy, so Apache starts; no handler takes balancer:// then.
  for (const [title, modules, expected] of [
    ['mod_proxy_balancer not loaded: 500 and AH01144, balancer-module-not-loaded warns', without('proxy_balancer'), 500],
    ['mod_proxy_balancer loaded: the member answers, no warning', ALL_START_MODULES, 200],
  ] as const) {
    it(title, async () => {
      const backend = perTest.closeAfter(await startEchoBackends(['a']));
      const dir = await perTest.scratch();
      await mkdir(join(dir, 'run'));
      const port = await freePort();
      const text = [
        ...serverLines(dir, port),
        ...modules.map(loadModule),
        'StartServers 1',
        'ServerLimit 1',
        proxy(`http://127.0.0.1:${backend.backends[0]!.port}`),
        'ProxyPass "/" "balancer://c1/"',
        '',
      ].join('\n');
      const file = join(dir, 'httpd.conf');
      await writeFile(file, text);
      const outcome = await launchApache(dir, file, port);
      if (!outcome.started) throw new Error(`Apache did not start:\n${outcome.log}`);
      perTest.stopAfter(outcome.server);
      const { status } = await httpGet(port, '/x');
      assert.equal(status, expected);
      const log = await readFile(join(dir, 'error.log'), 'utf8');
      assert.equal(log.includes('AH01144: No protocol handler was valid for the URL'), expected === 500, log);
      const warned = lint(analyze(text, { epochSeconds: EPOCH_SECONDS })).some(
        (finding) => finding.ruleId === 'balancer-module-not-loaded',
      );
      assert.equal(warned, expected === 500);
    });
  }
});
