// Every case of the second collection, theme by theme.
import { ACCESS } from './access';
import { AJP } from './ajp';
import type { RequestMistake } from './case';
import { ENCODED } from './encoded';
import { HEADERS } from './headers';
import { HEALTH_CHECKS } from './health-checks';
import { LOCAL_PATHS } from './local-paths';
import { REDIRECTS } from './redirects';
import { STICKINESS } from './stickiness';
import { TIMEOUTS } from './timeouts';
import { TLS } from './tls';
import { URL_MAPPING } from './url-mapping';
import { WEBSOCKET } from './websocket';

export const REQUEST_MISTAKES: readonly RequestMistake[] = [
  ...URL_MAPPING,
  ...LOCAL_PATHS,
  ...HEADERS,
  ...REDIRECTS,
  ...ENCODED,
  ...WEBSOCKET,
  ...TIMEOUTS,
  ...ACCESS,
  ...TLS,
  ...AJP,
  ...STICKINESS,
  ...HEALTH_CHECKS,
];
