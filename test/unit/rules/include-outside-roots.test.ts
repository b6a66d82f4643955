import { ruleTable } from '../../support/rules';

// Apache reads an include wherever it points; `lint` reads only inside its roots, so an include
// reaching outside is named as written and not read (an info finding, never a failed run). The
// in-memory file access answers for such a file as the CLI's does: with the roots it keeps to.
const ROOT = '/etc/apache2/';
const outside = (...paths: string[]) => ({
  path: `${ROOT}apache2.conf`,
  files: { [`${ROOT}ports.conf`]: '', ...Object.fromEntries(paths.map((path) => [path, { roots: ['/etc/apache2'] }])) },
});

ruleTable('include-outside-roots', [
  [
    '[[Include /etc/letsencrypt/options-ssl-apache.conf]]\n',
    {
      ...outside('/etc/letsencrypt/options-ssl-apache.conf'),
      says: [
        '"/etc/letsencrypt/options-ssl-apache.conf" is outside the include roots, so it is not read',
        '--include-root DIR adds one',
        '--include-root DIR adds one',
      ],
      noFix: true,
    },
  ],
  // one finding for the include, however many files it matches
  [
    '[[IncludeOptional /etc/letsencrypt/*.conf]]\n',
    { ...outside('/etc/letsencrypt/a.conf', '/etc/letsencrypt/b.conf'), says: ['"/etc/letsencrypt/*.conf" is outside'] },
  ],
  // a relative path is ServerRoot-relative, and said as written
  [
    'ServerRoot /opt/web\n[[Include conf/extra.conf]]\n',
    { ...outside('/opt/web/conf/extra.conf'), says: ['"conf/extra.conf" is outside'] },
  ],
  // near misses
  ['Include ports.conf\n', outside()],
  ['Include /etc/letsencrypt/options-ssl-apache.conf\n'], // a fragment without file access: includes are not followed
]);
