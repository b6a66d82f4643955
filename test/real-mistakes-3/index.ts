// The third collection of real mistakes: cases collected apart from the rules on 2026-12-03 from GitHub threads and
// Q&A/manual pages, each reproduced on Apache 2.4.71 by test/apache/request-mistakes.test.ts. Same format as the
// second collection (test/real-mistakes-2/case.ts); one file per theme. Beyond its placeholders, `{front.port}` in
// a configuration is Apache's own port (to write a virtual host for it).
import type { RequestMistake } from '../real-mistakes-2/case';
import { ENVIRONMENT } from './environment';
import { HEADERS } from './headers';
import { LIMITS } from './limits';
import { REDIRECTS } from './redirects';
import { REWRITE } from './rewrite';
import { STICKINESS } from './stickiness';
import { TLS } from './tls';
import { VIRTUAL_HOSTS } from './virtual-hosts';

export const REQUEST_MISTAKES_3: readonly RequestMistake[] = [
  ...HEADERS,
  ...ENVIRONMENT,
  ...REDIRECTS,
  ...REWRITE,
  ...VIRTUAL_HOSTS,
  ...LIMITS,
  ...TLS,
  ...STICKINESS,
];
