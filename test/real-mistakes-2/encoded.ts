// Encoded characters on the way to the member: %2F, AllowEncodedSlashes, nocanon, mod_rewrite's unescaping.
import { balancer, RequestMistake } from './case';

export const ENCODED: readonly RequestMistake[] = [
  {
    name: 'jenkins-encoded-slash-refused',
    url: 'https://jenkins.io/doc/book/system-administration/reverse-proxy-configuration-with-jenkins/reverse-proxy-configuration-apache',
    config: `${balancer('jenkins')}\nProxyPass "/jenkins/" "balancer://jenkins/jenkins/" nocanon\nProxyPassReverse "/jenkins" "balancer://jenkins/"`,
    at: 'ProxyPass',
    twin: `${balancer('jenkins')}\nAllowEncodedSlashes NoDecode\nProxyPass "/jenkins/" "balancer://jenkins/jenkins/" nocanon\nProxyPassReverse "/jenkins" "balancer://jenkins/"`,
    request: { path: '/jenkins/job/team%2Fapp/' },
    symptom: { received: null, status: 404 },
    fixed: { received: '/jenkins/job/team%2Fapp/' },
  },
  {
    name: 'jenkins-allowencodedslashes-on-decodes',
    url: 'https://gist.github.com/daicham/17c2234eb8b8ab20f4df',
    config: `${balancer('jenkins')}\nAllowEncodedSlashes On\nProxyPass "/jenkins/" "balancer://jenkins/jenkins/"\nProxyPassReverse "/jenkins" "balancer://jenkins/"`,
    at: 'AllowEncodedSlashes On',
    twin: `${balancer('jenkins')}\nAllowEncodedSlashes NoDecode\nProxyPass "/jenkins/" "balancer://jenkins/jenkins/" nocanon\nProxyPassReverse "/jenkins" "balancer://jenkins/"`,
    request: { path: '/jenkins/job/team%2Fapp/' },
    symptom: { received: '/jenkins/job/team/app/' },
    fixed: { received: '/jenkins/job/team%2Fapp/' },
  },
  {
    name: 'rewrite-backreference-with-encoded-question-mark',
    url: 'https://httpd.apache.org/docs/2.4/rewrite/flags.html#flag_unsafe_allow_3f',
    config: `${balancer()}\nRewriteEngine On\nRewriteRule "^/files/(.*)$" "balancer://app/files/$1" [P]\nProxyPassReverse "/" "balancer://app/"`,
    at: 'RewriteRule',
    twin: `${balancer()}\nRewriteEngine On\nRewriteRule "^/files/(.*)$" "balancer://app/files/$1" [P,B]\nProxyPassReverse "/" "balancer://app/"`,
    request: { path: '/files/what%3Fnow.txt' },
    symptom: { received: null, status: 403 },
    fixed: { status: 200 },
  },
  {
    name: 'rewrite-backreference-unescapes-ampersand',
    url: 'http://perl-community.de/bat/poard/thread/20672',
    config: `${balancer()}\nRewriteEngine On\nRewriteRule "^/search/(.*)$" "balancer://app/find?q=$1" [P]\nProxyPassReverse "/" "balancer://app/"`,
    at: 'RewriteRule',
    twin: `${balancer()}\nRewriteEngine On\nRewriteRule "^/search/(.*)$" "balancer://app/find?q=$1" [P,B]\nProxyPassReverse "/" "balancer://app/"`,
    request: { path: '/search/salt%26pepper' },
    symptom: { received: '/find?q=salt&pepper' },
    fixed: { received: '/find?q=salt%26pepper' },
  },
];
