/**
 * The requests answered from a document's analysis alone — no typing state, no other document's
 * edits: the analysis worker registers them on its connection, and the main thread's fast lane
 * (fast-lane.ts) answers them the same way while the worker is busy.
 */
import type { LivePage } from '../core/live/editor';
import { SCHEDULE_REQUEST, ScheduleParams, TRACE_REQUEST, TraceParams } from '../protocol';
import type { Open, WithDocument } from './context';
import type { Guard } from './guard';
import { completion } from './handlers/completion';
import { hover } from './handlers/hover';
import { documentLinks } from './handlers/links';
import { definition, prepareRename, references, rename } from './handlers/navigation';
import { schedule } from './handlers/schedule';
import { documentSymbols, foldingRanges } from './handlers/symbols';
import { trace } from './handlers/trace';

/** One such request: its method and its guarded handler. */
export interface AnalysisRequest {
  readonly method: string;
  readonly handler: (params: unknown) => unknown;
}

/** The requests answered from an analysis, each guarded and looked up through `withDocument`; `live` gives the balancer-manager pages hovers show. */
export function analysisRequests(withDocument: WithDocument, guard: Guard, live: () => readonly LivePage[]): readonly AnalysisRequest[] {
  const request = <P, R>(
    method: string,
    name: string,
    fallback: R,
    answer: (open: Open, params: P) => R,
    uriOf?: (params: P) => unknown,
  ) => ({
    method,
    handler: guard(name, fallback, withDocument(fallback, answer, uriOf)) as (params: unknown) => unknown,
  });
  return [
    request('textDocument/hover', 'hover', null, (open, params: Parameters<typeof hover>[1]) => hover(open, params, live())),
    request('textDocument/completion', 'completion', [], completion),
    request('textDocument/documentSymbol', 'documentSymbol', [], documentSymbols),
    request('textDocument/foldingRange', 'foldingRanges', [], foldingRanges),
    request('textDocument/definition', 'definition', [], definition),
    request('textDocument/references', 'references', [], references),
    request('textDocument/prepareRename', 'prepareRename', null, prepareRename),
    request('textDocument/rename', 'rename', null, rename),
    request('textDocument/documentLink', 'documentLinks', [], documentLinks),
    request(
      SCHEDULE_REQUEST,
      'schedule',
      null,
      (open, params: ScheduleParams) => schedule(open, params, live()),
      (params) => params.uri,
    ),
    request(TRACE_REQUEST, 'trace', null, trace, (params: TraceParams) => params.uri),
  ];
}
