// The On|Off directives (server/src/core/directives/flags.ts) on a real Apache, their modules loaded:
// `apache2 -t` refuses each written `NAME maybe` with "NAME must be On or Off", and the linter says so
// on that line in Apache's words; On and Off in any case, with words after them, are accepted.
import { describeArgumentLines } from './argument-lines';
import { FLAG_DIRECTIVES } from '../../server/src/core/directives/flags';

/** The modules that give the directives (Debian's 2.4.71; core, log_config, logio and unixd are built in). */
const MODULES = [
  'mpm_event',
  'authz_core',
  'alias',
  'autoindex',
  'cache',
  'cern_meta',
  'dav',
  'dav_fs',
  'dbd',
  'dir',
  'dumpio',
  'echo',
  'expires',
  'ident',
  'ldap',
  'negotiation',
  'proxy',
  'proxy_ftp',
  'xml2enc',
  'proxy_html',
  'proxy_wstunnel',
  'remoteip',
  'rewrite',
  'session',
  'session_cookie',
  'speling',
  'socache_shmcb',
  'ssl',
  'usertrack',
];

describeArgumentLines(
  'real Apache: On|Off directives (apache2 -t) agree with invalid-directive-argument',
  'flags',
  MODULES,
  [
    ...FLAG_DIRECTIVES.map((name) => [`${name} maybe`, `${name} must be On or Off`] as const),
    ['KeepAlive ON', undefined],
    ['ProxyPreserveHost off', undefined],
    ['ProxyRequests Off and more', undefined],
    ['BufferedLogs', 'BufferedLogs must be On or Off'],
    ['RewriteEngine "on"', undefined],
  ],
  (line) => line.trim() !== '',
);
