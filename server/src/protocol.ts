/**
 * The custom requests between the VS Code client and the language server: their names, what the
 * client sends and what the server answers. The client imports nothing else of the server's, and
 * this file imports only types, so the client bundles no analysis: the server sends every word the
 * client shows.
 */
import type { BalancerReport } from './core/reports/schedule-report';
import type { WhatIf } from './core/scheduler/preview';

/** One balancer's schedule for the schedule view, or null when the document has no such balancer. */
export const SCHEDULE_REQUEST = 'balancerLens/schedule';
/** What the open document changed since an older text of it (the client sends its HEAD version). */
export const DIFF_REQUEST = 'balancerLens/diff';

export type { WhatIf };

/** The schedule request's params (the document as `uri`, as the client sends it); a client may send anything. */
export interface ScheduleParams {
  readonly uri: unknown;
  readonly balancer: unknown;
  readonly picks?: unknown;
  /** `[{ url, action: 'down' | 'drain' | 'up' }]`: members taken down (as `schedule --down` does), drained or brought back. */
  readonly whatIf?: unknown;
}

/** A member taken down, drained or brought back in the view. */
export interface MemberWhatIf {
  readonly url: string;
  readonly action: WhatIf;
}

/** The schedule answer: the report of `schedule --format json`, plus what the view alone shows. */
export interface ScheduleAnswer extends BalancerReport {
  /** The what-ifs applied (those that named a member). */
  readonly whatIf: readonly MemberWhatIf[];
  /** Apache's lbstatus of each candidate (`candidates`, by URL) after each pick of the first cycle, when it is short enough to table. */
  readonly steps: {
    readonly candidates: readonly string[];
    readonly rows: readonly { pick: string; lbstatus: readonly number[] }[];
  } | null;
  /** What the running servers of `balancerLens.live.url` do with this balancer, one line each (empty when none is set). */
  readonly live: readonly string[];
}

/** The diff request's params; a client may send anything. */
export interface DiffParams {
  readonly uri: unknown;
  /** The document's older text: '' when it is new. */
  readonly before: unknown;
  /** What the older text is, for the report's title (`HEAD`). */
  readonly label?: unknown;
}

/** The diff answer: the report, and whether traffic changed. */
export interface DiffAnswer {
  readonly markdown: string;
  readonly changed: boolean;
}

/** What Apache does to one request on the open document's configuration (`balancer-lens trace`). */
export const TRACE_REQUEST = 'balancerLens/trace';

/** The trace request's params; a client may send anything. */
export interface TraceParams {
  readonly uri: unknown;
  /** The request's absolute URL: its host and port choose the server. */
  readonly url: unknown;
  /** Default GET. */
  readonly method?: unknown;
  /** `Name: value` lines. */
  readonly headers?: unknown;
}

/** One step of a trace and where its line is: the file as a URI and a 1-based line, or null for Apache's defaults. */
export interface TraceAnswerStep {
  readonly what: string;
  readonly file: string | null;
  readonly line: number | null;
}

/** The trace answer: `trace --format json`'s contract with each step's file as a URI, or what is wrong with the request. */
export type TraceAnswer =
  | {
      readonly handledBy: 'proxy' | 'local' | 'error';
      readonly status: number | null;
      readonly balancer: string | null;
      readonly member: string | null;
      readonly backendRequest: { readonly method: string; readonly url: string; readonly headers: Readonly<Record<string, string>> } | null;
      readonly clientLocation: string | null;
      readonly clientSetCookie: string | null;
      readonly steps: readonly TraceAnswerStep[];
    }
  | { readonly error: string };
