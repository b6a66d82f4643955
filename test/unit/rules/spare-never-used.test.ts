import { ruleTable } from '../../support/rules';

// Spares (status R) replace unusable regular members of their own lbset one for one, the first
// spares in configuration order (docs/apache-semantics.md, proxy_balancer_get_best_worker): spares beyond the number of regular members never serve.
ruleTable('spare-never-used', [
  [
    '<Proxy balancer://shop>\n    BalancerMember http://10.0.0.1:8080\n    BalancerMember http://10.0.0.2:8080 status=+R\n    BalancerMember [[http://10.0.0.3:8080]] status=+R\n</Proxy>',
    { says: ['this spare can never be used', 'lbset 0 has 1 regular member, each replaced by an earlier spare first'] },
  ],
  [
    '<Proxy balancer://shop>\n    BalancerMember http://a\n    BalancerMember http://b\n    BalancerMember http://c status=R\n    BalancerMember http://d status=R\n    BalancerMember [[http://e]] status=R\n    BalancerMember [[http://f]] status=R\n</Proxy>',
    { says: ['lbset 0 has 2 regular members'] },
  ],
  // beside standbys only, a spare has no regular member to replace: the standbys serve (docs/apache-semantics.md, proxy_balancer_get_best_worker)
  [
    '<Proxy balancer://shop>\n    BalancerMember http://a status=+H\n    BalancerMember [[http://b]] status=+R\n</Proxy>',
    { says: ['lbset 0 has no regular member for it to replace'] },
  ],
  // a disabled regular member still counts: it is what the first spare replaces
  [
    '<Proxy balancer://shop>\n    BalancerMember http://a status=+D\n    BalancerMember http://b\n    BalancerMember http://c status=+R\n    BalancerMember http://d status=+R\n    BalancerMember [[http://e]] status=+R\n</Proxy>',
    { says: ['lbset 0 has 2 regular members'] },
  ],
  // a spare alone in a higher lbset has nobody to replace there either, when that lbset serves
  [
    '<Proxy balancer://shop>\n    BalancerMember http://a\n    BalancerMember [[http://b]] lbset=1 status=+R\n</Proxy>',
    { says: ['lbset 1 has no regular member for it to replace'] },
  ],
  // near misses
  // a spare beside a regular member of a higher lbset replaces it when that lbset serves
  [
    '<Proxy balancer://shop>\n    BalancerMember http://a\n    BalancerMember http://b lbset=1\n    BalancerMember http://c lbset=1 status=+R\n</Proxy>',
  ],
  ['<Proxy balancer://shop>\n    BalancerMember http://a\n    BalancerMember http://b status=+R\n</Proxy>'],
  [
    '<Proxy balancer://shop>\n    BalancerMember http://a\n    BalancerMember http://b\n    BalancerMember http://c status=+R\n    BalancerMember http://d status=+R\n</Proxy>',
  ],
  [
    '<Proxy balancer://shop>\n    BalancerMember http://a\n    BalancerMember http://b status=+R\n    BalancerMember http://c status=+RD\n</Proxy>',
  ], // a disabled spare takes no place in line
  [
    '<Proxy balancer://shop>\n    BalancerMember http://a\n    BalancerMember http://b status=+H\n    BalancerMember http://c status=+H\n</Proxy>',
  ], // standbys share the load when used, they do not queue
  ['<Proxy balancer://shop>\n    BalancerMember http://a status=+R\n    BalancerMember http://b status=+R\n</Proxy>'], // only spares: all-members-disabled says why nothing serves
]);
