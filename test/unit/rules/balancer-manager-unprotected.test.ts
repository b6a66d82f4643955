import { ruleTable } from '../../support/rules';

// Each behaviour of Apache this rule relies on was checked against Apache/2.4.71 (Debian): `apache2 -t`
// for what it accepts, and a live server with loopback backends for what requests see.

ruleTable('balancer-manager-unprotected', [
  [
    '<Location /balancer-manager>\n    SetHandler [[balancer-manager]]\n</Location>',
    {
      says: ['anyone can use this balancer-manager', 'nothing restricts access', 'Require local'],
      fixed: '<Location /balancer-manager>\n    SetHandler balancer-manager\n    Require local\n</Location>',
      safe: false,
    },
  ],
  [
    '<Location /bm>\n    SetHandler [[balancer-manager]]\n    Require all granted\n</Location>',
    {
      says: ['"Require all granted" lets all in'],
      fixed: '<Location /bm>\n    SetHandler balancer-manager\n    Require local\n</Location>',
    },
  ],
  [
    '<Location /bm>\n    SetHandler [[balancer-manager]]\n    Order Deny,Allow\n    Deny from all\n    Allow from all\n</Location>',
    { says: ['"Allow from all" wins under Deny,Allow'] },
  ],
  ['<Location /bm>\n    SetHandler [["Balancer-Manager"]]\n    Order Allow,Deny\n    Allow from all\n</Location>'],
  ['<Location /bm>\n    SetHandler [[balancer-manager]]\n    Deny from 192.0.2.1\n</Location>'],
  ['<VirtualHost *:80>\n    SetHandler [[balancer-manager]]\n</VirtualHost>'],
  ['<Location /bm>\n    SetHandler [[balancer-manager]]\n    Require all granted\n    Require ip 10.0.0.0/8\n</Location>'], // separate Require lines: any one lets a request in
  [
    '<Location />\n    Require ip 10.0.0.0/8\n</Location>\n<Location /bm>\n    SetHandler [[balancer-manager]]\n    Require all granted\n</Location>',
  ],
  [
    '<VirtualHost *:80>\n    <Location /bm>\n        Require ip 10.0.0.0/8\n    </Location>\n</VirtualHost>\n<VirtualHost *:81>\n    <Location /bm>\n        SetHandler [[balancer-manager]]\n    </Location>\n</VirtualHost>',
  ],
  // a virtual host's sections merge after the main server's, whatever the file order
  [
    '<VirtualHost *:80>\n    <Location />\n        Require all granted\n    </Location>\n    <Location /bm>\n        SetHandler [[balancer-manager]]\n    </Location>\n</VirtualHost>\n<Location /bm>\n    Require ip 10.0.0.0/8\n</Location>',
  ],
  // Allow, Deny and Order each come from the last section that has them: here an Allow from all
  // in a short path, a Deny from all and Order Allow,Deny earlier, the later Order Deny,Allow wins
  [
    '<Location /b>\n    Order Allow,Deny\n    Deny from all\n</Location>\n<Location />\n    Allow from all\n</Location>\n<Location /bm>\n    Order Deny,Allow\n    SetHandler [[balancer-manager]]\n</Location>',
    { says: ['"Allow from all" wins under Deny,Allow'] },
  ],
  // near misses
  [
    '<Location /b>\n    Order Deny,Allow\n    Deny from all\n</Location>\n<Location />\n    Allow from all\n</Location>\n<Location /bm>\n    Order Allow,Deny\n    SetHandler balancer-manager\n</Location>',
  ],
  ['<Location /bm>\n    SetHandler balancer-manager\n    Require ip 10.0.0.0/8\n</Location>'],
  ['<Location /bm>\n    SetHandler balancer-manager\n    Require host example.org\n</Location>'],
  ['<Location /bm>\n    SetHandler balancer-manager\n    Order Deny,Allow\n    Deny from all\n    Allow from 10.0.0.1\n</Location>'],
  ['<Location /bm>\n    SetHandler balancer-manager\n    Order Allow,Deny\n    Deny from all\n    Allow from all\n</Location>'],
  [
    '<Location /bm>\n    SetHandler balancer-manager\n    <RequireAny>\n        Require ip 10.0.0.0/8\n        Require local\n    </RequireAny>\n</Location>',
  ],
  [
    '<Location /bm>\n    SetHandler balancer-manager\n    <RequireAll>\n        Require all granted\n        Require ip 10.0.0.0/8\n    </RequireAll>\n</Location>',
  ],
  ['<Location /bm>\n    SetHandler balancer-manager\n    <Limit GET POST>\n        Require valid-user\n    </Limit>\n</Location>'],
  ['<Location /bm>\n    SetHandler balancer-manager\n</Location>\n<Location /bm>\n    Require ip 10.0.0.0/8\n</Location>'],
  ['<Location />\n    Require ip 10.0.0.0/8\n</Location>\n<Location /bm>\n    SetHandler balancer-manager\n</Location>'],
  [
    '<Location /bm>\n    SetHandler balancer-manager\n    Require all granted\n</Location>\n<Location />\n    Require ip 10.0.0.0/8\n</Location>',
  ], // sections merge in file order: the later one wins
  ['<LocationMatch "^/b">\n    Require ip 10.0.0.0/8\n</LocationMatch>\n<Location /bm>\n    SetHandler balancer-manager\n</Location>'],
  ['<Location /status>\n    SetHandler server-status\n</Location>'],
]);
