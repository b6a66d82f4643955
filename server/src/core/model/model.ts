/**
 * The balancer model: what Apache's directive handlers build from a configuration
 * (docs/apache-semantics.md, Declaring balancers and members).
 */
import type { RuleId } from '../rule-ids';
import type { Span } from '../span';
import type { Directive, Section } from '../syntax/tree';
import type { BalancerParams, WorkerParams } from './params';

/** A `key=value` word as a handler split it. */
export interface Parameter {
  /** The key as written (matched case-insensitively). */
  readonly key: string;
  readonly value: string;
  /** The whole word. */
  readonly span: Span;
  /** The value alone where it can be located exactly, else the whole word. */
  readonly valueSpan: Span;
}

/** One `BalancerMember` line. */
export interface MemberDeclaration {
  readonly directive: Directive;
  /** The URL word. */
  readonly url: Parameter['span'];
  readonly urlText: string;
  /** Parameters in table order: first occurrence's position, last occurrence's value. */
  readonly parameters: readonly Parameter[];
}

/** A balancer member (a worker inside a balancer). */
export interface Member {
  /** The URL as written in its first declaration. */
  readonly url: string;
  /** Apache's normalised worker name. */
  readonly name: string;
  readonly declaration: MemberDeclaration;
  /** Later lines whose URL Apache matched to this member by prefix: their parameters are ignored (AH01150). */
  readonly sharedBy: readonly MemberDeclaration[];
  readonly params: Readonly<WorkerParams>;
  /** The parameter that set each key last (lower-case key). */
  readonly setBy: ReadonlyMap<string, Parameter>;
}

/** Where a balancer lives: the main server or one virtual host. */
export type ServerScope = { readonly kind: 'main' } | { readonly kind: 'vhost'; readonly section: Section };

/** A balancer and everything configured on it. */
export interface Balancer {
  /** Normalised: lower case, `balancer://name`, path dropped. */
  readonly name: string;
  readonly scope: ServerScope;
  /** The directive that created it. */
  readonly createdBy: Directive;
  /** The first `<Proxy balancer://…>` section for it, if any. */
  readonly section: Section | undefined;
  readonly members: readonly Member[];
  readonly params: Readonly<BalancerParams>;
  /** The parameter that set each balancer key last, in walk order (lower-case key). */
  readonly setBy: ReadonlyMap<string, Parameter>;
  /** Set on a vhost balancer merged with the main server's balancer of the same name. */
  readonly inherited?: Inheritance;
  /**
   * The servers whose copies of this balancer pick with one set of counters (docs/apache-semantics.md,
   * Shared balancers across servers): the main server, then each virtual host that inherits it.
   * Set on a main-server balancer some virtual host inherits, and on those virtual hosts' copies.
   */
  readonly sharedAcross?: readonly ServerScope[];
}

/** The name a server is known by across revisions: `main`, or its `<VirtualHost>` address and ServerName (lines move, these do not). */
export function serverKey(vhost: Section | undefined): string {
  if (!vhost) return 'main';
  const name = vhost.children.find((node) => node.kind === 'directive' && node.name.toLowerCase() === 'servername');
  const serverName = name?.kind === 'directive' ? ` ${name.args[0]?.value ?? ''}` : '';
  return `<VirtualHost ${vhost.args.map((word) => word.value).join(' ')}>${serverName}`;
}

/** What a virtual host's balancer took from the main server's (docs/apache-semantics.md, merge_balancers). */
export interface Inheritance {
  readonly from: Balancer;
  /** The vhost's own members for this name: Apache drops them in favour of the main server's. */
  readonly ignoredMembers: readonly Member[];
}

/** A place that names a balancer without defining members (ProxyPass, ProxyPassReverse, ProxySet, …). */
export interface BalancerReference {
  /** The balancer's name; when `isPartial`, only how it starts. */
  readonly name: string;
  /** The name holds a variable or back-reference, expanded per request: any balancer whose name starts with `name`. */
  readonly isPartial: boolean;
  readonly scope: ServerScope;
  readonly directive: Directive;
  readonly span: Span;
}

/** Closed set of problems the handlers find. */
export type ModelProblemKind =
  | 'invalid-parameter'
  | 'unknown-worker-parameter'
  | 'unknown-balancer-parameter'
  | 'member-arguments'
  | 'invalid-url'
  | 'invalid-balancer-name'
  | 'undefined-target'
  | 'section-arguments'
  | 'proxy-tilde'
  | 'proxypass-arguments'
  | 'shared-member'
  | 'shared-worker'
  | 'hc-name'
  | 'hc-expression'
  | 'hc-condition'
  | 'hc-extra';

/** A problem found while walking, in Apache's words where Apache refuses. */
export interface ModelProblem {
  /** The rule that reports it, decided where the handlers find it. */
  readonly ruleId: RuleId;
  readonly kind: ModelProblemKind;
  readonly span: Span;
  readonly message: string;
  /** True when Apache refuses the configuration. */
  readonly refused: boolean;
  /** The parameter at fault, when one is. */
  readonly parameter?: Parameter;
  /** The earlier worker a `shared-worker` declaration merges into (its name). */
  readonly sharedWith?: string;
  /** What is wrong in our words, where the kind alone does not say (an expression Apache cannot parse). */
  readonly reason?: string;
}

/** Everything the handlers built. */
export interface Model {
  readonly balancers: readonly Balancer[];
  readonly references: readonly BalancerReference[];
  readonly problems: readonly ModelProblem[];
  /** `BalancerPersist On` somewhere: lbstatus and edits may survive restarts. */
  readonly persist: boolean;
}
