import { ruleTable } from '../../support/rules';

// Apache reads includes first and refuses to start on a missing file, a wildcard with no match, a
// folder it cannot open or an Include without exactly one path; IncludeOptional stays silent
// (docs/apache-semantics.md, include_config). Relative paths are ServerRoot-relative.
const ROOT = '/etc/apache2/';
const at = (files: Record<string, string> = {}) => ({ path: `${ROOT}apache2.conf`, files: { [`${ROOT}ports.conf`]: '', ...files } });
const ONE_PATH = 'give this include exactly one path, quoted if it has spaces';

ruleTable('include-failed', [
  [
    '[[Include missing.conf]]\n',
    {
      ...at(),
      says: ['this include cannot be read, so Apache refuses to start'],
      apache: 'Could not open configuration file /etc/apache2/missing.conf: No such file or directory',
      noFix: true,
      refuses: [],
    },
  ],
  // IncludeOptional is silent, Include is not
  ['IncludeOptional nothing/*.conf\n[[Include missing.conf]]\n', { ...at(), apache: '/etc/apache2/missing.conf' }],
  [
    '[[Include conf.d/*.conf]]\n',
    {
      ...at({ [`${ROOT}conf.d/x.txt`]: '' }),
      apache: "Include/IncludeOptional: No matches for the wildcard '*.conf' in '/etc/apache2/conf.d', failing",
    },
  ],
  ['[[Include nope/*/a.conf]]\n', { ...at(), apache: 'Could not open directory /etc/apache2/nope' }],
  // an undefined variable stays in the path as written
  ['[[Include ${NOPE}/a.conf]]\n', { ...at(), apache: '/etc/apache2/${NOPE}/a.conf' }],
  // Apache refuses what is not a regular file (AH00554)
  [
    '[[Include fifo]]\n',
    {
      path: `${ROOT}apache2.conf`,
      files: { [`${ROOT}fifo`]: { type: 'a FIFO', isPseudo: false } },
      apache: 'Bad file descriptor (AH00554: Access to file /etc/apache2/fifo denied by server: not a regular file)',
    },
  ],
  // not exactly one path (moved from test/unit/syntax/includes.test.ts)
  [
    '[[Include a.conf b.conf]]\n[[IncludeOptional]]\n[[Include ""]]\n',
    {
      ...at({ [`${ROOT}a.conf`]: '' }),
      says: [ONE_PATH],
      apache: 'takes one argument, Name',
    },
  ],
  // near misses
  ['IncludeOptional missing.conf\nIncludeOptional nope/*.conf\n', at()],
  [
    'Include conf.d/*.conf\nInclude "my dir/a.conf"\nInclude ports.conf\n',
    at({ [`${ROOT}conf.d/x.conf`]: 'ServerName a\n', [`${ROOT}my dir/a.conf`]: '' }),
  ],
  ['Include /etc/apache2/no-such-dir/balancers.conf'], // a fragment without file access: includes are not followed
]);
