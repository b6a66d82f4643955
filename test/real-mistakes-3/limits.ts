// Apache's own request limits, hit before any balancer is chosen: the request never reaches a member.
import { balancer, RequestMistake } from '../real-mistakes-2/case';

const PASS = 'ProxyPass "/" "balancer://app/"\nProxyPassReverse "/" "balancer://app/"';
/** A query longer than the default request line limit (8190 bytes). */
const LONG_QUERY = `/editchatmessage?text=${'a'.repeat(9000)}`;

export const LIMITS: readonly RequestMistake[] = [
  {
    // After an OpenID Connect login the browser carries cookies larger than the default header field limit, and
    // Apache answers 400 itself.
    name: 'large-cookie-over-field-size-limit',
    url: 'https://github.com/dotnet/AspNetCore.Docs/issues/9997',
    config: `${balancer()}\n${PASS}`,
    at: 'ProxyPass "/"',
    twin: `LimitRequestFieldSize 16384\n${balancer()}\n${PASS}`,
    request: { path: '/signin-oidc', headers: { Cookie: `.AspNetCore.Correlation=${'x'.repeat(9000)}` } },
    symptom: { received: null, status: 400 },
    fixed: { received: '/signin-oidc', status: 200 },
  },
  {
    // The application sends a post's text in the query string; past the default request line limit Apache answers
    // 414 itself and the post is lost.
    name: 'long-query-over-request-line-limit',
    url: 'https://github.com/scripting/1999-project/issues/16',
    config: `${balancer()}\n${PASS}`,
    at: 'ProxyPass "/"',
    twin: `LimitRequestLine 16384\n${balancer()}\n${PASS}`,
    request: { method: 'POST', path: LONG_QUERY, headers: { 'Content-Length': '0' } },
    symptom: { received: null, status: 414 },
    fixed: { received: LONG_QUERY, status: 200 },
  },
];
