import { ruleTable } from '../../support/rules';

const M = '/usr/lib/apache2/modules';
/** A complete configuration (an MPM, no Include) with mod_proxy but without mod_proxy_balancer. */
const WITHOUT = `LoadModule mpm_event_module ${M}/mod_mpm_event.so\nLoadModule proxy_module ${M}/mod_proxy.so\nLoadModule proxy_http_module ${M}/mod_proxy_http.so\n`;

// Without mod_proxy_balancer nothing handles balancer:// URLs: Apache starts, and every request to a
// balancer fails with 500 and AH01144 (docs/apache-semantics.md, set_balancer_param).
ruleTable('balancer-module-not-loaded', [
  [
    `${WITHOUT}[[<Proxy "balancer://shop">]]\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>`,
    {
      says: ['mod_proxy_balancer is not loaded', 'every request to a balancer fails with 500', 'add LoadModule proxy_balancer_module'],
      apache: 'AH01144: No protocol handler was valid for the URL',
    },
  ],
  // one finding per file, on the first balancer
  [
    `${WITHOUT}[[<Proxy balancer://a>]]\n    BalancerMember http://a\n</Proxy>\n<Proxy balancer://b>\n    BalancerMember http://b\n</Proxy>`,
    { says: ['mod_proxy_balancer is not loaded'] },
  ],
  // Debian's tree loads modules from mods-enabled/*.load: the advice is a2enmod
  [
    `IncludeOptional mods-enabled/*.load\n[[<Proxy "balancer://shop">]]\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>`,
    {
      path: '/etc/apache2/apache2.conf',
      files: {
        '/etc/apache2/mods-enabled/mpm_event.load': `LoadModule mpm_event_module ${M}/mod_mpm_event.so\n`,
        '/etc/apache2/mods-enabled/proxy.load': `LoadModule proxy_module ${M}/mod_proxy.so\n`,
      },
      says: ['run a2enmod proxy_balancer'],
      never: ['LoadModule'],
    },
  ],
  // near misses
  [`${WITHOUT}LoadModule proxy_balancer_module ${M}/mod_proxy_balancer.so\n<Proxy balancer://shop>\n    BalancerMember http://a\n</Proxy>`],
  ['<Proxy balancer://shop>\n    BalancerMember http://a\n</Proxy>'], // a fragment: the modules may be loaded elsewhere
  [`${WITHOUT}Include mods-enabled/*.load\n<Proxy balancer://shop>\n    BalancerMember http://a\n</Proxy>`], // an include not followed may load it
  [`LoadModule mpm_event_module ${M}/mod_mpm_event.so\n<Proxy balancer://shop>\n    BalancerMember http://a\n</Proxy>`], // without mod_proxy, module-not-loaded says so
  [`${WITHOUT}<Proxy http://backend>\n    ProxySet timeout=5\n</Proxy>`], // no balancer
]);
