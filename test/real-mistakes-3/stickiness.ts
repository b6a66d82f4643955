// Stickiness: which name of `stickysession=COOKIE|PARAMETER` the balancer reads from the cookie.
import { RequestMistake } from '../real-mistakes-2/case';

const MEMBERS =
  '<Proxy "balancer://app">\n    BalancerMember "http://{a}" route=node1\n    BalancerMember "http://{b}" route=node2\n</Proxy>';
const pass = (sticky: string): string =>
  `${MEMBERS}\nProxyPass "/" "balancer://app/" stickysession=${sticky} nofailover=On\nProxyPassReverse "/" "balancer://app/"`;

export const STICKINESS: readonly RequestMistake[] = [
  {
    // The first name is the cookie, the second the URL parameter, and cookie names are case-sensitive: with the
    // lower-case name first Tomcat's JSESSIONID cookie is never read and sessions are balanced like new ones.
    name: 'sticky-cookie-and-param-names-swapped',
    url: 'https://kb.novaordis.com/index.php?direction=prev&oldid=15684&title=Httpd_mod_proxy_Installation',
    config: pass('jsessionid|JSESSIONID'),
    at: 'stickysession=jsessionid|JSESSIONID',
    twin: pass('JSESSIONID|jsessionid'),
    request: { path: '/cart', headers: { Cookie: 'JSESSIONID=4F2A9C.node2' } },
    symptom: { member: 'a' },
    fixed: { member: 'b' },
  },
];
