// The second collection of real mistakes (issue 26): each case is a configuration Apache accepts, the
// public page it comes from, its corrected twin, one request, and the symptom that request shows on a
// real Apache through loopback echo members (test/apache/request-mistakes.test.ts). One file per
// theme; a case's `at` names the line of the mistake, for measuring what the linter finds.
import type { EchoReply, RawRequest } from '../apache/harness';

/**
 * What one request showed, field by field; an absent field is not compared. In values, `{a}` and `{b}`
 * stand for the members' `127.0.0.1:PORT`, `{front}` for Apache's own address, `{dir}` for the scratch folder.
 */
export interface Symptom {
  /** The request target the member received (`/app//x`); null when no member received anything. */
  readonly received?: string | null;
  /** The member (`a`, `b`) that received it. */
  readonly member?: string;
  /** Request headers the member received (lower-case names); null: the header was absent. */
  readonly header?: Readonly<Record<string, string | null>>;
  /** The status the client got. */
  readonly status?: number;
  /** The Location the client got; null: none. */
  readonly location?: string | null;
  /** The Set-Cookie the client got; null: none. */
  readonly setCookie?: string | null;
  /** Text the body the client got contains. */
  readonly body?: string;
}

/** One real mistake and its correction. */
export interface RequestMistake {
  /** Short kebab-case name, unique in the collection. */
  readonly name: string;
  /** The public page (Q&A thread, issue, vendor guide, manual) the mistake comes from. */
  readonly url: string;
  /**
   * The mistaken configuration fragment, included after the private server lines and every module the
   * suite loads; `{a}`, `{b}` are the members' addresses, `{dir}` a scratch folder (see `files`).
   */
  readonly config: string;
  /**
   * Text of the line that holds the mistake, where a linter should report it (the first line containing it);
   * for something missing, the line that lacks it (the ProxyPass without `nocanon`).
   */
  readonly at: string;
  /** The corrected configuration. */
  readonly twin: string;
  /**
   * The members speak HTTPS with a self-signed certificate for `localhost`; `{cert}` in the configuration is
   * its file, and `{a.port}`, `{b.port}` the members' ports (to name them `localhost`).
   */
  readonly tls?: boolean;
  /** What every member answers (default: 200 with the request as JSON). */
  readonly reply?: EchoReply;
  /** Files to create under `{dir}` before Apache starts (relative path → content). */
  readonly files?: Readonly<Record<string, string>>;
  /** How long to wait after Apache started before the request (health checks run in the background). */
  readonly waitMs?: number;
  /** The request; `{a}`, `{b}` and `{dir}` are filled in its path and headers as in the configuration. */
  readonly request: RawRequest;
  /** What the request shows with `config`, and must not show with `twin`. */
  readonly symptom: Symptom;
  /** What the request shows with `twin`, when more than the symptom's absence is known. */
  readonly fixed?: Symptom;
}

/** The 1-based line of `mistake.config` that holds the mistake. */
export function mistakeLine(mistake: RequestMistake): number {
  const index = mistake.config.split('\n').findIndex((line) => line.includes(mistake.at));
  if (index < 0) throw new Error(`${mistake.name}: no line of its config contains ${JSON.stringify(mistake.at)}`);
  return index + 1;
}

/** Two members behind `balancer://NAME`, as most cases start. */
export const balancer = (name = 'app'): string =>
  `<Proxy "balancer://${name}">\n    BalancerMember "http://{a}"\n    BalancerMember "http://{b}"\n</Proxy>`;
