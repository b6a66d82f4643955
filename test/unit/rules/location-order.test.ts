import { ruleTable } from '../../support/rules';

// <Location> sections merge in order and the last match wins; mod_proxy's proxy_trans tries the
// per-directory ProxyPass before the server's lines. Both checked on Apache/2.4.71 in
// test/apache/issue19-sticky-duplicate-location.test.ts.
const balancer = '<Proxy balancer://c>\n    BalancerMember http://10.0.0.1\n</Proxy>\n';
const location = (path: string, url: string): string => `<Location "${path}">\n    ProxyPass "${url}"\n</Location>\n`;

ruleTable('location-order', [
  [
    balancer + '<Location "/static/">\n    [[ProxyPass "!"]]\n</Location>\n' + location('/', 'balancer://c/'),
    { says: ['<Location "/"> below also matches /static/', 'and wins, so it is still proxied', 'move this <Location> below it'] },
  ],
  [
    balancer + 'ProxyPass [["/static/"]] "!"\n' + location('/', 'balancer://c/'),
    {
      says: ['"/static/" is still proxied, as <Location "/"> comes first', 'exclude it in a <Location> below it'],
    },
  ],
  [balancer + location('/', 'balancer://c/') + 'ProxyPass [[/app/x]] !'], // after it too: the Location is tried first
  [balancer + 'ProxyPass [[/app/x]] !\n' + location('/app', 'balancer://c/app')],
  [
    '<VirtualHost *:80>\n' +
      balancer +
      '<Location "/a">\n    [[ProxyPass !]]\n</Location>\n' +
      location('/', 'balancer://c/') +
      '</VirtualHost>',
    { says: ['<Location "/"> below also matches /a and wins, so it is still proxied'] },
  ],
  // the main server's <Location> sections come before a virtual host's
  [
    balancer +
      '<Location "/a">\n    [[ProxyPass !]]\n</Location>\n<VirtualHost *:80>\n' +
      location('/', 'balancer://c/') +
      '</VirtualHost>',
  ],
  // near misses
  [balancer + location('/', 'balancer://c/') + location('/static/', '!')],
  [balancer + location('/static/', '!') + location('/app/', 'balancer://c/')],
  [balancer + location('/static', '!') + location('/stat', 'balancer://c/')], // /stat does not match /static
  [balancer + 'ProxyPass /static/ !\nProxyPass / balancer://c/'],
  [balancer + 'ProxyPass /static/ !\n' + location('/app', 'balancer://c/')],
  [balancer + location('/static/', '!') + '<LocationMatch "^/">\n    ProxyPass "balancer://c/"\n</LocationMatch>\n'],
  [balancer + '<VirtualHost *:80>\n' + location('/a', '!') + '</VirtualHost>\n' + location('/', 'balancer://c/')],
  [
    balancer +
      '<VirtualHost *:80>\n' +
      location('/a', '!') +
      '</VirtualHost>\n<VirtualHost *:81>\n' +
      location('/', 'balancer://c/') +
      '</VirtualHost>',
  ],
]);
