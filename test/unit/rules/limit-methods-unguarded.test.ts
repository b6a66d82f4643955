import { ruleTable } from '../../support/rules';

// A DELETE passes a <Limit GET POST> guard and reaches the member: checked on Apache/2.4.71
// (test/apache/request-mistakes.test.ts, access).
const PASS = 'ProxyPass / http://10.0.0.1:8080/';

ruleTable('limit-methods-unguarded', [
  [
    `<Location "/admin/">\n    [[<Limit GET POST>]]\n        Require ip 10.9.9.9\n    </Limit>\n</Location>\n${PASS}`,
    {
      says: ['only GET, POST are guarded', '<LimitExcept>'],
    },
  ],
  [
    `<Location "/api/">\n    [[<Limit DELETE>]]\n        Require valid-user\n    </Limit>\n</Location>\n${PASS}`,
    { says: ['only DELETE is guarded'] },
  ],
  // near misses: guarded for every method too, the other form, no proxy, nothing restricted
  [`<Location "/admin/">\n    Require ip 10.9.9.9\n    <Limit DELETE>\n        Require ip 10.0.0.1\n    </Limit>\n</Location>\n${PASS}`],
  [`<Location "/admin/">\n    <LimitExcept GET>\n        Require ip 10.9.9.9\n    </LimitExcept>\n</Location>\n${PASS}`],
  [`<Location "/admin/">\n    <Limit GET POST>\n        Require ip 10.9.9.9\n    </Limit>\n</Location>`],
  [`<Location "/admin/">\n    <Limit GET POST>\n        Require all granted\n    </Limit>\n</Location>\n${PASS}`],
]);
