import { ruleTable } from '../../support/rules';

// add_pass takes PATH URL [key=value …], only URL inside <Location>, and "~" only on ProxyPass;
// anything else is refused (docs/apache-semantics.md, add_pass).
const FIX = 'fix the ProxyPass arguments: ProxyPass PATH URL [key=value …], or only URL inside <Location>';

ruleTable('proxypass-syntax', [
  [
    'ProxyPass "/shop/" "balancer://shop/" [[timeout]] 30\nBalancerMember balancer://shop http://h',
    {
      says: [FIX],
      apache: "Invalid ProxyPass|ProxyPassMatch parameter. Parameter must be in the form 'key=value'.",
      noFix: true,
      refuses: ['balancer://shop'],
    },
  ],
  ['[[ProxyPass]]', { apache: 'ProxyPass|ProxyPassMatch needs a path when not defined in a location' }],
  ['[[ProxyPass /x]]', { apache: 'needs a path when not defined in a location' }],
  // inside <Location> the path is the word to remove
  [
    '<Location /x>\nProxyPass [[/x]] http://h\n</Location>',
    { apache: 'ProxyPass|ProxyPassMatch can not have a path when defined in a location.' },
  ],
  ['ProxyPassMatch [[~]] ^/x http://h', { apache: "ProxyPassMatch invalid syntax ('~' usage)." }],
  // inside <Location> the section gives the path: "~" is taken as the URL and the real URL is a bare word
  ['<Location /x>\nProxyPass ~ [[http://h/]]\n</Location>', { apache: "Parameter must be in the form 'key=value'." }],
  // a trailing "# comment": Apache takes "#" and what follows as arguments
  [
    'ProxyPass "/" "balancer://a/" [[#]] main app',
    { says: ['"#" after a directive starts no comment in Apache', 'move the comment to its own line'] },
  ],
  // near misses
  ['ProxyPass /x !\nProxyPass /y http://h timeout=3 nocanon\n<Location /z>\nProxyPass http://h\n</Location>\nProxyPassMatch ^/w http://h'],
  ['ProxyPass ~ ^/x http://h'], // "~" makes ProxyPass a ProxyPassMatch
]);
