/** balancerLens/trace: what Apache does to one request on the open document's configuration, each step with its file URI and line. */
import { parseHeader, parseRequest } from '../../core/requests/request';
import { traceRequest } from '../../core/requests/trace';
import type { TraceAnswer, TraceParams } from '../../protocol';
import type { Open } from '../context';

/** The trace, or what is wrong with the URL, method or headers sent. */
export function trace({ state }: Open, params: TraceParams): TraceAnswer {
  if (typeof params.url !== 'string') return { error: 'no URL to trace' };
  const headers: [string, string][] = [];
  for (const text of Array.isArray(params.headers) ? params.headers : []) {
    if (typeof text !== 'string') continue;
    const header = parseHeader(text);
    if ('error' in header) return { error: header.error };
    headers.push([header[0], header[1]]);
  }
  const method = typeof params.method === 'string' && params.method !== '' ? params.method : 'GET';
  const request = parseRequest(method, params.url, headers);
  if ('error' in request) return { error: request.error };
  const traced = traceRequest(state.analysis, request);
  return {
    ...traced,
    steps: traced.steps.map((step) => {
      if (!step.span) return { what: step.what, file: null, line: null };
      const location = state.locationOf(step.span);
      return { what: step.what, file: location.uri, line: location.range.start.line + 1 };
    }),
  };
}
