import { ruleTable } from '../../support/rules';

// A later <Location "/"> login replaces an earlier <Location "/health"> opening: checked on Apache/2.4.71
// (test/apache/request-mistakes.test.ts, access).
const LOGIN =
  '<Location "/">\n    AuthType Basic\n    AuthName "team"\n    AuthUserFile "/etc/apache2/htpasswd"\n    Require valid-user\n</Location>';

ruleTable('location-guard-overridden', [
  [
    `[[<Location "/health">]]\n    Require all granted\n</Location>\n${LOGIN}`,
    {
      says: ['<Location "/"> merges after this one and replaces its Require for "/health"', 'move this after it'],
    },
  ],
  [
    `<VirtualHost *:80>\n    [[<Location /status/>]]\n        Require all granted\n    </Location>\n    <Location /status>\n        Require ip 10.0.0.1\n    </Location>\n</VirtualHost>`,
  ],
  [`[[<Location "/health">]]\n    Require all granted\n</Location>\n<VirtualHost *:80>\n    ${LOGIN}\n</VirtualHost>`],
  // near misses: the exception after the guard, a section that does not cover it, another virtual host
  [`${LOGIN}\n<Location "/health">\n    Require all granted\n</Location>`],
  [`<VirtualHost *:80>\n    <Location "/health">\n        Require all granted\n    </Location>\n</VirtualHost>\n${LOGIN}`],
  [`<Location "/health">\n    Require all granted\n</Location>\n<Location "/admin">\n    Require ip 10.0.0.1\n</Location>`],
  [
    `<VirtualHost *:80>\n    <Location "/health">\n        Require all granted\n    </Location>\n</VirtualHost>\n<VirtualHost *:8080>\n    ${LOGIN}\n</VirtualHost>`,
  ],
]);
