import { ruleTable } from '../../support/rules';

// ap_resolve_env leaves an undefined ${NAME} as written and logs AH00111 (not for a name with ":");
// Define lookups ignore case; a one-argument Define is only a flag for <IfDefine>; comments and
// skipped bodies are not substituted (docs/apache-semantics.md, ap_resolve_env).
const ADVICE = 'is not defined before this line: define it earlier, or give it with --env-file or --define';

ruleTable('undefined-variable', [
  [
    'BalancerMember balancer://api http://10.0.1.1:9000 route=[[${API_ROUTE}]]',
    {
      says: [`\${API_ROUTE} ${ADVICE}`],
      apache: 'AH00111: Config variable ${API_ROUTE} is not defined',
      noFix: true,
    },
  ],
  // a use before the Define is unresolved; each variable is its own finding
  ['ProxyPass /a http://10.0.1.1/ route=[[${H}]]-[[${P}]]\nDefine H x', { each: ['${H} is not defined', '${P} is not defined'] }],
  // one finding per variable and file, at its first use, with how many later uses there are
  [
    'ServerName [[${HOST}]]\nServerAlias ${HOST} www.${HOST}\nServerAdmin [[${ADMIN}]]',
    { each: ['${HOST} is not defined before its 3 uses in this file:', '${ADMIN} is not defined before this line:'] },
  ],
  // a value Apache then refuses is refused-if-unset's finding, which stands in for this note
  ['BalancerMember balancer://api http://10.0.1.1:${API_PORT}'],
  ['Define a 1\nUnDefine a\nServerName [[${a}]]', { says: ['${a} is not defined'] }],
  ['Define FLAG\nServerName [[${FLAG}]]', { says: ['${FLAG} is not defined'] }],
  // an empty name is looked up too
  ['ServerName [[${}]]', { apache: 'AH00111: Config variable ${} is not defined' }],
  // near misses
  ['Define API_PORT 9000\nBalancerMember balancer://api http://10.0.1.1:${API_PORT}'],
  ['Define p 1\nServerName a:${P}'],
  ['<IfDefine NOPE>\nServerName ${X}\n</IfDefine>\n# ${Y}\nServerName $X ${env:HOME} ${unclosed'],
]);
