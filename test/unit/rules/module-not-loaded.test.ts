import { loadModule, ruleTable } from '../../support/rules';

// In a complete configuration (an MPM loaded, nothing included): without mod_proxy its directives
// are unknown ("Invalid command"); without mod_slotmem_shm (AH01177) or, for a balancer with no
// lbmethod, mod_lbmethod_byrequests (AH02432) start-up fails though `apache2 -t` passes
// (docs/apache-semantics.md, ap_proxy_share_balancer).
const MPM = loadModule('mpm_event_module', 'mod_mpm_event.so');
const PROXY = loadModule('proxy_module', 'mod_proxy.so');
const BALANCER = loadModule('proxy_balancer_module', 'mod_proxy_balancer.so');
const SLOTMEM = loadModule('slotmem_shm_module', 'mod_slotmem_shm.so');
const BYREQUESTS = loadModule('lbmethod_byrequests_module', 'mod_lbmethod_byrequests.so');
const BYBUSYNESS = loadModule('lbmethod_bybusyness_module', 'mod_lbmethod_bybusyness.so');
const SLOTMEM_MISSING = {
  says: ['mod_slotmem_shm is not loaded, so Apache fails to start: add LoadModule slotmem_shm_module'],
  apache: "AH01177: Failed to lookup provider 'shm' for 'slotmem': is mod_slotmem_shm loaded??",
};

ruleTable('module-not-loaded', [
  [
    `${MPM}${PROXY}${BALANCER}${BYREQUESTS}[[<Proxy "balancer://shop">]]\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>`,
    { ...SLOTMEM_MISSING, noFix: true, refuses: ['balancer://shop'] },
  ],
  // the first balancer without an lbmethod is named
  [
    `${MPM}${PROXY}${BALANCER}${SLOTMEM}${BYBUSYNESS}<Proxy "balancer://a" lbmethod=bybusyness>\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\n[[<Proxy balancer://b>]]\nBalancerMember http://h\n</Proxy>`,
    {
      says: ['balancer://b uses lbmethod byrequests, whose module is not loaded: add LoadModule lbmethod_byrequests_module'],
      apache: 'AH02432: Cannot find LB Method: byrequests',
    },
  ],
  // both missing: two findings on the same line
  [
    `${MPM}${PROXY}${BALANCER}[[[[<Proxy balancer://a>]]]]\nBalancerMember http://h\n</Proxy>`,
    { each: ['mod_slotmem_shm is not loaded', 'uses lbmethod byrequests'] },
  ],
  // without mod_proxy, the first proxy directive is an unknown command (once per file)
  [
    `${MPM}[[ProxyPass]] /x http://h\nProxySet http://h timeout=1`,
    {
      says: ['ProxyPass needs mod_proxy: add LoadModule proxy_module'],
      apache: "Invalid command 'ProxyPass', perhaps misspelled or defined by a module not included in the server configuration",
    },
  ],
  [
    `${MPM}[[<Proxy]] balancer://a>\nBalancerMember http://h\n</Proxy>`,
    { says: ['<Proxy needs mod_proxy'], apache: "Invalid command '<Proxy'" },
  ],
  // near misses
  [
    `${MPM}${PROXY}${BALANCER}${SLOTMEM}${BYBUSYNESS}<Proxy "balancer://a" lbmethod=bybusyness>\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>`,
  ], // every balancer sets its lbmethod
  [`${MPM}${PROXY}ProxyPass /x http://h`], // no balancer
  [`${MPM}<IfModule proxy_module>\nProxyPass /x http://h\n</IfModule>`], // a false conditional is not read
  [`${MPM}Include x.conf\nProxyPass /x http://h`], // an include not followed may load it
  ['ProxyPass /x http://h'], // a fragment: the modules may be loaded elsewhere
]);
