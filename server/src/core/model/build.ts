/**
 * Builds the balancer model by walking the tree as Apache's handlers do: `<Proxy>` (proxysection),
 * `BalancerMember` (add_member), `ProxySet` (set_proxy_param) and `ProxyPass[Match]` (add_pass).
 * Where Apache would stop at the first error, the builder records it and goes on.
 */
import type { Span } from '../span';
import { knownModules } from '../syntax/conditions';
import { exprError } from '../expr/parse';
import { sectionName } from '../syntax/names';
import { handlerWords } from '../syntax/rewrite-words';
import type { Directive, Node, Section, SyntaxTree } from '../syntax/tree';
import { type Moved, takeMoved } from '../syntax/reread';
import { walk } from '../syntax/walk';
import { endOf, type Word } from '../syntax/words';
import { argEnd, argStart } from '../syntax/written';
import type { RuleId } from '../rule-ids';
import { strtod } from './cvalues';
import type { BalancerReference, MemberDeclaration, Model, ModelProblem, ModelProblemKind, Parameter, ServerScope } from './model';
import {
  BalancerParams,
  defaultWorkerParams,
  isUnknownKeyError,
  ParamContext,
  setBalancerParam,
  setWorkerHcParam,
  setWorkerParam,
  utf8Length,
  WORKER_PARAMETER_KEYS,
  WorkerParams,
} from './params';
import { LineParameter, MemberSettings, ParameterRows, ParameterTable, WordParameter } from './storage';
import { balancerName, deSocketfy, isBalancerUrl, isFnmatchPattern, workerUrl } from './urls';
import { indexName, longestPrefix, type NameIndex } from './worker-index';
import { asciiLower, asciiStartsWith } from '../ascii';
import { inheritBalancers } from './inherit';

/** The lbmethods Apache 2.4 ships. */
export const LBMETHODS = ['byrequests', 'bytraffic', 'bybusyness', 'heartbeat'];
const PATH_SECTIONS = new Set(['location', 'locationmatch', 'directory', 'directorymatch', 'files', 'filesmatch']);
const IF_SECTIONS = new Set(['if', 'elseif', 'else']);
const PROXYPASS_FLAGS = new Set(['nocanon', 'interpolate', 'noquery']);
/** The `sharedBy` of every member no later line shares (frozen: it is never pushed to). */
const NOT_SHARED: MemberDeclaration[] = Object.freeze([]) as unknown as MemberDeclaration[];

/**
 * What a model read from a tree, kept for each tree a model was built from in a series of edits, so
 * that the model of the next edit takes over what the edit left as it was:
 * - `lines`: the members it made from member lines Apache takes without a problem, by the line. An
 *   edit keeps the line itself for every line of a top-level item it did not touch, before the
 *   edit (and after it when the length did not change), and tells which section each
 *   section it moved was (syntax/reread.ts), where a moved line is found in its place among the
 *   section's children (`movedLine`): the model of the edited text takes those lines' parameters,
 *   worker names and settings from the previous tree's members instead of reading them again. Such
 *   a line is read inside the same sections as before. Only lines inside a section that gives the
 *   balancer, and whose keys are all plain worker keys, are kept: an hc* or unknown key reads what
 *   else the configuration holds (mod_proxy_hcheck, its templates). The lines of a section taken
 *   over are not: the next model takes the section over again, moved or not, unless the walk
 *   reaches it in another state (a line above it defined its balancer), and only then reads its
 *   lines again.
 * - `sections`: what each self-contained `<Proxy balancer://…>` section of a server did
 *   (SectionEffect). An edit keeps the section object itself when it did not touch or move it, and
 *   tells which section each one it moved was: the next model takes the balancer, problems and
 *   references over without walking its lines (moved with the section: `movedEffect`), when the
 *   walk reaches it in the same state (the balancer not yet defined, the same modules loaded).
 * One Map per tree, not a WeakMap per line: a WeakMap of thousands of entries costs every garbage
 * collection; its members are the model's own, so it holds little more.
 */
const READ = new WeakMap<SyntaxTree, Reading>();

interface Reading {
  /** By the line: a line an edit left in place is the same object. */
  readonly lines: Map<Directive, ReadMember>;
  readonly sections: Map<Section, SectionEffect>;
  /** How many of `sections` were taken over from the previous reading, moved or not. */
  taken: number;
  /** The modules the configuration loads (knownModules), as one string: what a parameter's check may depend on. */
  readonly modules: string;
}

/**
 * What walking a self-contained `<Proxy balancer://…>` section (Builder.recordLine) did, the walk having
 * reached it in its server with its balancer not yet defined: the balancer it defined, as it was
 * when the section closed (later lines may add to a balancer, but the walk never changes these
 * members: keptBalancers), and the problems and references its lines made. Each of its member lines
 * was read without a problem into one of the balancer's members (Reading.lines).
 */
interface SectionEffect {
  readonly name: string;
  readonly balancer: MutableBalancer | undefined;
  readonly problems: readonly ModelProblem[];
  readonly references: readonly BalancerReference[];
}

/** A section being walked whose effect is kept when it closes: where the model's lists stood when it opened. */
interface Recording {
  readonly section: Section;
  readonly name: string;
  /** How many of its lines the walk has reached. */
  walked: number;
  /** How many of them are member lines: its effect is kept when each was read without a problem. */
  memberLines: number;
  /** How many member lines were read without a problem. */
  read: number;
  readonly balancers: number;
  readonly problems: number;
  readonly references: number;
}

/**
 * The place of each line asked about among `lines` (-1 when not there), looked for first just after
 * the last one found: a section's lines are asked about in order, so a section of thousands of
 * members is not searched once per member.
 */
function placesIn(lines: readonly Node[]): (line: Node) => number {
  let next = 0;
  return (line) => {
    const at = lines[next] === line ? next : lines.indexOf(line);
    if (at >= 0) next = at + 1;
    return at;
  };
}

/**
 * What a section did, for the same section moved whole by `delta` (`after`, whose lines are those of
 * `before` in the same order, each moved): the same balancer, members, problems and references, each
 * naming the moved lines, and the balancer's and the problems' words moved by `delta`. The members
 * keep their parameters object and their line's rows, as a member line moved alone does
 * (`knownLine`). Undefined when it names something it cannot find there, which the recording never
 * lets in (then the section is walked).
 */
function movedEffect(effect: SectionEffect, before: Section, after: Section, delta: number): SectionEffect | undefined {
  const placeOf = placesIn(before.children);
  const lineOf = (was: Directive): Directive | undefined => {
    if (was === before.open) return after.open;
    const moved = after.children[placeOf(was)];
    return moved?.kind === 'directive' ? moved : undefined;
  };
  const span = (was: Span): Span => ({ start: was.start + delta, end: was.end + delta });
  // A balancer's own parameters (the section's arguments, a ProxySet's) and the problems': a few, each moved once.
  const parameters = new Map<Parameter, WordParameter | undefined>();
  const parameter = (was: Parameter | undefined): WordParameter | undefined => {
    // A member line's parameters are read from its rows: such a problem's section is read again.
    if (!(was instanceof WordParameter) || was instanceof LineParameter) return undefined;
    if (parameters.has(was)) return parameters.get(was);
    // A word of the section's opening line or of one of its own lines: the same word, moved with them.
    const isOwn = [before.open, ...before.children].some((line) => line.kind === 'directive' && within(line.span, was.wordStart));
    const moved = isOwn ? was.moved(delta) : undefined;
    parameters.set(was, moved);
    return moved;
  };
  let balancer: MutableBalancer | undefined;
  if (effect.balancer) {
    const was = effect.balancer;
    const createdBy = lineOf(was.createdBy);
    if (!createdBy || was.section !== before) return undefined;
    const members: MutableMember[] = [];
    for (const member of was.members) {
      const declaration = member.declaration as MemberLine;
      const moved = lineOf(declaration.directive);
      // A member with a parameter Apache refused has settings of its own: its section is read again.
      if (!moved || member.sharedBy !== NOT_SHARED || member.setBy !== declaration) return undefined;
      const line = new MemberLine(moved, declaration.urlText, declaration.urlIndex, declaration.rows);
      members.push({ url: member.url, name: member.name, declaration: line, sharedBy: NOT_SHARED, params: member.params, setBy: line });
    }
    const setBy = new Map<string, Parameter>();
    for (const [key, each] of was.setBy) {
      const moved = parameter(each);
      if (!moved) return undefined;
      setBy.set(key, moved);
    }
    balancer = { ...was, createdBy, section: after, members, setBy };
  }
  const problems: ModelProblem[] = [];
  for (const problem of effect.problems) {
    const moved = problem.parameter && parameter(problem.parameter);
    if (problem.parameter && !moved) return undefined;
    problems.push(moved ? { ...problem, span: span(problem.span), parameter: moved } : { ...problem, span: span(problem.span) });
  }
  const references: BalancerReference[] = [];
  for (const reference of effect.references) {
    const directive = lineOf(reference.directive);
    if (!directive) return undefined;
    references.push({ ...reference, directive, span: span(reference.span) });
  }
  return { name: effect.name, balancer, problems, references };
}

/** Whether two scopes are the same server: the main server, or the same `<VirtualHost>` section. */
function sameServer(one: ServerScope, other: ServerScope): boolean {
  return one.kind === 'main' ? other.kind === 'main' : other.kind === 'vhost' && one.section === other.section;
}

/** Directives whose handlers change more than a balancer, the problems and the references: a section holding one is walked. */
const STATEFUL_DIRECTIVES: ReadonlySet<string> = new Set([
  'proxypass',
  'proxypassmatch',
  'balancerpersist',
  'proxyhcexpr',
  'proxyhctemplate',
  'balancerinherit',
  'proxypassinherit',
]);

/** The worker keys whose values set_worker_param reads the same whatever else the configuration holds. */
const PLAIN_WORKER_KEYS: ReadonlySet<string> = new Set(WORKER_PARAMETER_KEYS);

/** Whether `at` lies in `span`. */
function within(span: Span, at: number): boolean {
  return at >= span.start && at < span.end;
}

/**
 * A member line as the model keeps it: its URL word by its index among the line's words, its span made
 * when asked for. As settings, its parameters by key: those of a member whose parameters Apache all
 * accepted. Everything it keeps is placed by its line, so a line an edit moves keeps it as it is.
 */
class MemberLine extends MemberSettings implements MemberDeclaration {
  constructor(
    directive: Directive,
    readonly urlText: string,
    readonly urlIndex: number,
    rows: ParameterRows,
  ) {
    super(directive, rows);
  }

  get url(): Span {
    return { start: argStart(this.directive, this.urlIndex), end: endOf(argEnd(this.directive, this.urlIndex)) };
  }
}

interface MutableMember {
  url: string;
  name: string;
  declaration: MemberDeclaration;
  /** NOT_SHARED until a later line shares the member: most members are never shared. */
  sharedBy: MemberDeclaration[];
  params: WorkerParams;
  setBy: ReadonlyMap<string, Parameter>;
}

/** A member as its first line made it. */
interface ReadMember extends MutableMember {
  readonly declaration: MemberLine;
}

interface MutableBalancer {
  name: string;
  scope: ServerScope;
  createdBy: Directive;
  section: Section | undefined;
  members: MutableMember[];
  params: BalancerParams;
  setBy: Map<string, Parameter>;
}

interface Context {
  readonly scope: ServerScope;
  /** `cmd->path`: set by `<Proxy>`, `<Location>`, `<Directory>`, `<Files>`, `<If>` and their Match forms. */
  readonly path: string | undefined;
  /** The `<Proxy>`/`<ProxyMatch>` section whose path this is, for pointing at a balancer's definition. */
  readonly proxy?: Section;
}

/**
 * Builds the model of every balancer in a syntax tree. `previous`, the tree of the same configuration
 * before an edit, lends the member lines and sections the edit kept as they were (READ).
 */
export function buildModel(tree: SyntaxTree, checkpoint: () => void = () => undefined, previous?: SyntaxTree): Model {
  return new Builder(tree, checkpoint, previous && (READ.get(previous) ?? NOTHING_READ)).build();
}

/** How many `<Proxy balancer://…>` sections the model of `tree`, built after an edit, took over from the previous tree's (READ). */
export function sectionsTakenOver(tree: SyntaxTree): number {
  return READ.get(tree)?.taken ?? 0;
}

/** The reading of a tree no model was built from in a series of edits: its modules match no configuration's. */
const NOTHING_READ: Reading = { lines: new Map(), sections: new Map(), taken: 0, modules: '\0' };

/** How many steps (directives, sections entered and left) the builder takes between two calls of its checkpoint (see ReadOptions.checkpoint). */
const STEPS_PER_CHECKPOINT = 1024;

class Builder {
  private readonly balancers: MutableBalancer[] = [];
  /**
   * Each balancer's members indexed for `longestPrefix`, made when a member line first names the
   * balancer: only the builder needs it, so the model does not keep it.
   */
  private readonly memberIndexes = new Map<MutableBalancer, NameIndex<MutableMember>>();
  private readonly byScope = new Map<Section | 'main', Map<string, MutableBalancer>>();
  private readonly workers = new Map<Section | 'main', StandaloneWorkers>();
  private readonly references: BalancerReference[] = [];
  /** Every `<VirtualHost>` section, in order: the servers that may inherit the main server's balancers. */
  private readonly vhosts: Section[] = [];
  private readonly problems: ModelProblem[] = [];
  private readonly contexts: Context[] = [{ scope: { kind: 'main' }, path: undefined }];
  private readonly params: ParamContext;
  private persist = false;
  /** ProxyHCExpr (`expr NAME`) and ProxyHCTemplate (`template NAME`) names walked so far, per server. */
  private readonly hcNames = new Map<Section | 'main', Set<string>>();
  /** BalancerInherit / ProxyPassInherit per server scope, when set. */
  private readonly inheritance = new Map<Section | 'main', Map<string, boolean>>();
  /** Directive and section names in lower case, by the name as written: a configuration spells each name one or two ways, so this saves a string per line. */
  private readonly lowerNames = new Map<string, string>();
  /** The last BalancerMember path and its balancer name: the members of a `<Proxy>` all name the section's. */
  private lastMemberPath: { readonly path: string; readonly named: ReturnType<typeof balancerName> } | undefined;

  /** What this model reads (READ): kept only in a series of edits. */
  private readonly reading: Reading | undefined;
  /** The sections the edit moved, each with what it was in the previous tree (syntax/reread.ts). */
  private readonly moved: Moved | undefined;
  /** The moved section `movedLine` last looked in, with the places of its lines. */
  private lastMoved: { readonly section: Section; readonly placeOf: (line: Node) => number } | undefined;
  /** The section being walked whose effect this reading keeps when it closes. */
  private recording: Recording | undefined;
  /** Balancers whose members a section's effect holds (SectionEffect): the walk does not change those members. */
  private readonly keptBalancers = new Set<MutableBalancer>();
  /** The lines sharing a member of a kept balancer: such a member is copied with them once the walk is done. */
  private readonly laterShares = new Map<MutableMember, MemberDeclaration[]>();
  /** Balancers taken over whose members, parameters and settings are still the effect's they came from (`own`). */
  private readonly borrowed = new Set<MutableBalancer>();

  constructor(
    private readonly tree: SyntaxTree,
    private readonly checkpoint: () => void,
    /** What the previous tree's model read (READ), when this tree is an edit of it. */
    private readonly previous: Reading | undefined,
  ) {
    const modules = knownModules(tree);
    if (previous) {
      READ.set(
        tree,
        (this.reading = { lines: new Map(), sections: new Map(), taken: 0, modules: modules ? [...modules].sort().join(' ') : '' }),
      );
      this.moved = takeMoved(tree);
    }
    const isDefined = (kind: 'expr' | 'template', name: string): boolean =>
      this.hcNames.get(this.scopeKey())?.has(`${kind} ${asciiLower(name)}`) ?? false;
    this.params = {
      // Without LoadModule lines the file is a fragment: assume what a typical server loads.
      hcheckLoaded: modules ? modules.has('proxy_hcheck_module') : true,
      isLbmethodAvailable: (name) => (modules ? modules.has(`lbmethod_${name}_module`) : LBMETHODS.includes(name)),
      // A fragment's names may be defined in files it does not include: only a complete configuration is checked.
      ...(modules
        ? { isHcConditionDefined: (name) => isDefined('expr', name), isHcTemplateDefined: (name) => isDefined('template', name) }
        : {}),
    };
  }

  build(): Model {
    const steps = walk(this.tree.nodes);
    let nextCheckpoint = STEPS_PER_CHECKPOINT;
    for (let index = 0; index < steps.length; index++) {
      if (index >= nextCheckpoint) {
        this.checkpoint();
        nextCheckpoint = index + STEPS_PER_CHECKPOINT;
      }
      const step = steps[index]!;
      if (step.kind === 'enter') {
        // A section taken over is not walked: its steps are its children's and its leaving (recordLine).
        if (this.isTakenOver(step.section, step.parent)) index += step.section.children.length + 1;
        else this.enter(step.section);
      } else if (step.kind === 'leave') this.leave(step.section);
      else this.directive(step.directive, step.parent);
    }
    this.checkpoint();
    if (this.laterShares.size > 0)
      for (const balancer of this.keptBalancers)
        balancer.members = balancer.members.map((member) => {
          const later = this.laterShares.get(member);
          return later ? { ...member, sharedBy: member.sharedBy === NOT_SHARED ? later : [...member.sharedBy, ...later] } : member;
        });
    const balancers = inheritBalancers(this.balancers, this.vhosts, (scope) => this.inherits(scope));
    return { balancers, references: this.references, problems: this.problems, persist: this.persist };
  }

  /** mod_proxy.c merge_proxy_config: a vhost inherits unless BalancerInherit and ProxyPassInherit are both Off. */
  private inherits(scope: ServerScope): boolean {
    const own = this.inheritance.get(this.scopeKey(scope));
    const main = this.inheritance.get('main');
    const flag = (name: string): boolean => own?.get(name) ?? main?.get(name) ?? true;
    return flag('balancerinherit') || flag('proxypassinherit');
  }

  private lower(name: string): string {
    let lower = this.lowerNames.get(name);
    if (lower === undefined) this.lowerNames.set(name, (lower = name.toLowerCase()));
    return lower;
  }

  private get context(): Context {
    return this.contexts.at(-1)!;
  }

  private problem(ruleId: RuleId, kind: ModelProblemKind, span: Span, message: string, refused = true, parameter?: Parameter): void {
    this.problems.push(parameter ? { ruleId, kind, span, message, refused, parameter } : { ruleId, kind, span, message, refused });
  }

  private enter(section: Section): void {
    const name = this.lower(section.name);
    const outer = this.context;
    if (!section.hasBracket)
      this.problem(
        'section-mismatch',
        'section-arguments',
        section.open.span,
        `<${sectionName(section.name)}> directive missing closing '>'`,
      );
    let context: Context = outer;
    if (name === 'virtualhost') {
      context = { scope: { kind: 'vhost', section }, path: undefined };
      this.vhosts.push(section);
    } else if (name === 'proxy' || name === 'proxymatch') context = { scope: outer.scope, path: proxyPath(section).path, proxy: section };
    else if (PATH_SECTIONS.has(name)) context = { scope: outer.scope, path: sectionPath(section.args) };
    else if (IF_SECTIONS.has(name)) context = { scope: outer.scope, path: '*If' };
    this.contexts.push(context);
  }

  private leave(section: Section): void {
    const name = this.lower(section.name);
    if (name === 'proxy' || name === 'proxymatch') this.applyProxyLine(section, name === 'proxymatch');
    this.contexts.pop();
    if (this.recording?.section === section) this.keepEffect(this.recording);
  }

  /**
   * Whether the walk reaching `section` takes over what it did in the previous tree's model (READ,
   * `sections`): the same section object, self-contained, in the main server or directly in a
   * `<VirtualHost>` (so in the same server as before), its balancer not yet defined and the same
   * modules loaded. Otherwise a section that may be taken over next time is recorded as it is walked.
   */
  private isTakenOver(section: Section, parent: Section | undefined): boolean {
    if (!this.reading || this.lower(section.name) !== 'proxy') return false;
    if (parent !== undefined && this.lower(parent.name) !== 'virtualhost') return false;
    const effects = this.previous!.modules === this.reading.modules ? this.previous!.sections : undefined;
    const before = effects && this.moved?.sections.get(section);
    const effect = effects?.get(before ?? section);
    if (effect) {
      if (this.findBalancer(effect.name)) return false;
      const taken = before ? movedEffect(effect, before, section, this.moved!.delta) : effect;
      if (taken) {
        this.takeOver(section, taken);
        return true;
      }
    }
    const path = section.args[0]?.value ?? '';
    const named = isBalancerUrl(path) ? balancerName(path) : undefined;
    if (named && 'name' in named && !this.findBalancer(named.name))
      this.recording = {
        section,
        name: named.name,
        walked: 0,
        memberLines: 0,
        read: 0,
        balancers: this.balancers.length,
        problems: this.problems.length,
        references: this.references.length,
      };
    return false;
  }

  /**
   * A line of the section being recorded: the recording stops when walking the section may change
   * more than its balancer, the problems and the references, from what its own lines say and the
   * modules loaded. Its steps must be its children, each a line (no section, conditional or
   * Include), none of them a handler that keeps other state. Its effect is kept only when every
   * member line was read without a problem (Recording.read), with plain worker keys: an hc* key
   * reads the templates and expressions defined so far.
   */
  private recordLine(recording: Recording, directive: Directive, name: string): void {
    if (recording.section.children[recording.walked++] !== directive || directive.included || STATEFUL_DIRECTIVES.has(name))
      this.recording = undefined;
    else if (name === 'balancermember') recording.memberLines++;
  }

  /** Keeps what the recorded section did: its balancer as it is now, its members from now on left as they are (keptBalancers). */
  private keepEffect(recording: Recording): void {
    this.recording = undefined;
    if (recording.walked !== recording.section.children.length || recording.read !== recording.memberLines) return;
    // Its lines define no balancer but its own.
    const live = this.balancers.length > recording.balancers ? this.balancers.at(-1)! : undefined;
    if (live) this.keptBalancers.add(live);
    this.reading!.sections.set(recording.section, {
      name: recording.name,
      balancer: live && { ...live, members: live.members.slice(), params: { ...live.params }, setBy: new Map(live.setBy) },
      problems: this.problems.slice(recording.problems),
      references: this.references.slice(recording.references),
    });
  }

  /** Takes over what a section did in the previous tree's model: its balancer, problems and references. */
  private takeOver(section: Section, effect: SectionEffect): void {
    const scope = this.context.scope;
    const reading = this.reading!;
    if (effect.balancer) {
      const balancer: MutableBalancer = { ...effect.balancer, scope };
      this.borrowed.add(balancer);
      this.keptBalancers.add(balancer);
      this.addBalancer(balancer);
    }
    // A model never changes a problem or a reference once made: the same ones serve, in the same server.
    for (const problem of effect.problems) this.problems.push(problem);
    for (const reference of effect.references)
      this.references.push(sameServer(reference.scope, scope) ? reference : { ...reference, scope });
    reading.sections.set(section, effect);
    reading.taken++;
  }

  /**
   * A balancer whose members, parameters and settings the walk is about to change: one taken over
   * gets its own copies of them first (most are never changed after their section, so none are made).
   */
  private own(balancer: MutableBalancer): MutableBalancer {
    if (this.borrowed.delete(balancer)) {
      balancer.members = balancer.members.slice();
      balancer.params = { ...balancer.params };
      balancer.setBy = new Map(balancer.setBy);
    }
    return balancer;
  }

  private directive(directive: Directive, parent: Section | undefined): void {
    const lowerName = this.lower(directive.name);
    if (this.recording) this.recordLine(this.recording, directive, lowerName);
    switch (lowerName) {
      case 'balancermember':
        return this.balancerMember(directive, parent);
      case 'proxyset':
        return this.proxySet(directive, parent);
      case 'proxypass':
        return this.proxyPass(directive, false);
      case 'proxypassmatch':
        return this.proxyPass(directive, true);
      case 'balancerpersist':
        if (directive.args[0]?.value.toLowerCase() === 'on') this.persist = true;
        return;
      case 'proxyhcexpr':
      case 'proxyhctemplate': {
        // mod_proxy_hcheck keeps its names per server, without inheritance, as the walk reaches them.
        const name = directive.args[0]?.value;
        if (!name) {
          if (this.params.hcheckLoaded) {
            // cmd->cmd->name: the name as the module spells it.
            const [what, canonical] = lowerName === 'proxyhcexpr' ? ['expression', 'ProxyHCExpr'] : ['template', 'ProxyHCTemplate'];
            this.problem('invalid-directive-argument', 'hc-name', directive.span, `Missing ${what} name for ${canonical}`);
          }
          return;
        }
        const names = this.hcNames.get(this.scopeKey()) ?? new Set<string>();
        this.hcNames.set(this.scopeKey(), names);
        const isTemplate = lowerName === 'proxyhctemplate';
        names.add(`${isTemplate ? 'template' : 'expr'} ${asciiLower(name)}`);
        if (isTemplate && this.params.hcheckLoaded) this.hcTemplate(directive, name);
        if (!isTemplate && this.params.hcheckLoaded) this.hcCondition(directive, name);
        return;
      }
      case 'balancerinherit':
      case 'proxypassinherit': {
        const value = directive.args[0]?.value.toLowerCase();
        if (value !== 'on' && value !== 'off') return;
        const flags = this.inheritance.get(this.scopeKey()) ?? new Map<string, boolean>();
        flags.set(lowerName, value === 'on');
        this.inheritance.set(this.scopeKey(), flags);
        return;
      }
      default:
        return this.otherReferences(directive);
    }
  }

  private scopeKey(scope: ServerScope = this.context.scope): Section | 'main' {
    return scope.kind === 'main' ? 'main' : scope.section;
  }

  private findBalancer(name: string): MutableBalancer | undefined {
    return this.byScope.get(this.scopeKey())?.get(name);
  }

  private defineBalancer(name: string, createdBy: Directive, section?: Section): MutableBalancer {
    let balancer = this.findBalancer(name);
    if (!balancer)
      this.addBalancer(
        (balancer = {
          name,
          scope: this.context.scope,
          createdBy,
          section,
          members: [],
          params: {},
          setBy: new Map(),
        }),
      );
    if (!balancer.section && section) balancer.section = section;
    return balancer;
  }

  /** A balancer the walk defines in the current server. */
  private addBalancer(balancer: MutableBalancer): void {
    const key = this.scopeKey();
    let map = this.byScope.get(key);
    if (!map) this.byScope.set(key, (map = new Map()));
    map.set(balancer.name, balancer);
    this.balancers.push(balancer);
  }

  private memberIndex(balancer: MutableBalancer): NameIndex<MutableMember> {
    let index = this.memberIndexes.get(balancer);
    if (!index) {
      this.memberIndexes.set(balancer, (index = { byName: new Map(), lengths: new Map() }));
      for (const member of balancer.members) indexName(index, member);
    }
    return index;
  }

  private standaloneWorkers(): StandaloneWorkers {
    const key = this.scopeKey();
    let workers = this.workers.get(key);
    if (!workers) this.workers.set(key, (workers = { prefix: { byName: new Map(), lengths: new Map() }, match: new Map() }));
    return workers;
  }

  /**
   * ap_proxy_get_worker_ex over the scope's plain workers: a prefix worker whose name prefixes the URL (the
   * longest), and a ProxyPassMatch/`~` worker of the same name; `kind` 'any' looks at both, as ProxySet does outside
   * a section (docs/apache-semantics.md, ap_proxy_get_worker_ex).
   */
  private findWorker(url: string, kind: WorkerKind | 'any'): StandaloneWorker | undefined {
    const workers = this.standaloneWorkers();
    const prefix = kind === 'match' ? undefined : longestPrefix(workers.prefix, url);
    if (prefix) return prefix;
    if (kind === 'prefix') return undefined;
    const parsed = workerUrl(url);
    return workers.match.get('error' in parsed ? url : parsed.name);
  }

  /** ap_proxy_define_worker_ex for a plain worker of `name` (already parsed). */
  private defineWorker(name: string, kind: WorkerKind): StandaloneWorker {
    const worker: StandaloneWorker = { name, params: defaultWorkerParams() };
    const workers = this.standaloneWorkers();
    if (kind === 'match') workers.match.set(name, worker);
    else indexName(workers.prefix, worker);
    return worker;
  }

  private reference(name: string, directive: Directive, span: Span, isPartial = false): void {
    this.references.push({ name, isPartial, scope: this.context.scope, directive, span });
  }

  /** mod_proxy.c add_member (docs/apache-semantics.md, add_member, ap_proxy_get_worker_ex). */
  private balancerMember(directive: Directive, parent: Section | undefined): void {
    const sectionPath = this.context.path;
    const known = sectionPath !== undefined && this.previous && this.knownLine(directive, parent, this.previous.lines);
    if (known) {
      const { urlText, urlIndex, rows } = known.declaration;
      const member = this.addMember(directive, sectionPath, undefined, urlText, urlIndex, rows, known);
      if (member) this.readLine(directive, member);
      return;
    }
    let path: string | undefined = sectionPath;
    let pathWord: Word | undefined;
    let url: Word | undefined;
    let urlIndex = 0;
    const table = new ParameterTable();
    // Apache refuses the line at the first word it cannot take: a trailing comment is one problem, not one per word.
    let isRefused = false;
    const args = directive.args;
    for (let index = 0; index < args.length; index++) {
      const word = args[index]!;
      if (word.value.includes('=')) table.set(WordParameter.of(word), index);
      else if (path === undefined) [path, pathWord] = [word.value, word];
      else if (!url) [url, urlIndex] = [word, index];
      else if (isRefused) continue;
      else if (sectionPath !== undefined) {
        this.problem(
          'member-syntax',
          'member-arguments',
          word.span,
          'BalancerMember can not have a balancer name when defined in a location',
        );
        isRefused = true;
      } else {
        this.problem(
          'member-syntax',
          'member-arguments',
          word.span,
          "Invalid BalancerMember parameter. Parameter must be in the form 'key=value'",
        );
        isRefused = true;
      }
    }
    if (path === undefined) {
      this.problem(
        'member-syntax',
        'member-arguments',
        directive.span,
        'BalancerMember must define balancer name when outside <Proxy > section',
      );
      return;
    }
    if (!url) {
      const ruleId = isIncludableMember(this.tree, directive, parent) ? 'member-needs-section' : 'member-syntax';
      const reason =
        table.parameters.length > 0
          ? 'no member URL: the words with "=" are read as parameters (a member URL cannot hold "=")'
          : sectionPath === undefined
            ? 'no member URL: outside <Proxy> write BalancerMember balancer://NAME URL'
            : "no member URL: give the member's URL, e.g. BalancerMember http://10.0.0.1:8080";
      const message = 'BalancerMember must define remote proxy server';
      this.problems.push({ ruleId, kind: 'member-arguments', span: directive.span, message, refused: true, reason });
      return;
    }
    // Apache's order: the unix: form, the balancer, an existing member, and only then the URL itself.
    if (deSocketfy(url.value) === undefined) {
      this.problem('invalid-url', 'invalid-url', url.span, 'BalancerMember uses an invalid "unix:" URL');
      return;
    }
    const member = this.addMember(directive, path, pathWord, url.value, urlIndex, table.rows(), undefined);
    if (
      this.reading &&
      sectionPath !== undefined &&
      member &&
      !isRefused &&
      member.setBy === member.declaration &&
      hasPlainKeys(member.declaration.rows)
    )
      this.readLine(directive, member);
  }

  /** A member line read without a problem, for the next edit's model (READ). */
  private readLine(directive: Directive, member: ReadMember): void {
    this.reading!.lines.set(directive, member);
    if (this.recording) this.recording.read++;
  }

  /**
   * The member the previous tree's model made of a line this tree kept, or moved: its URL and
   * parameters are placed by the line, so they are where the line now is (their words not read again).
   */
  private knownLine(
    directive: Directive,
    parent: Section | undefined,
    previous: ReadonlyMap<Directive, ReadMember>,
  ): ReadMember | undefined {
    const kept = previous.get(directive);
    if (kept) return kept;
    const before = parent && this.movedLine(directive, parent);
    return before && previous.get(before);
  }

  /**
   * The line a line of a section the edit moved was: the one in its place among the children of the
   * section before (syntax/reread.ts), found as the walk reaches them (`placesIn`); a line in a
   * conditional inside the section is not among its children, and is read again.
   */
  private movedLine(directive: Directive, parent: Section): Directive | undefined {
    const was = this.moved?.sections.get(parent);
    if (!was) return undefined;
    if (this.lastMoved?.section !== parent) this.lastMoved = { section: parent, placeOf: placesIn(parent.children) };
    const line = was.children[this.lastMoved.placeOf(directive)];
    return line?.kind === 'directive' ? line : undefined;
  }

  /**
   * add_member once the line's words are read: the balancer, a member whose name the URL extends (the
   * line then only shares it), and the new worker, taken from `known` when the line was read before.
   * The member added, if any.
   */
  private addMember(
    directive: Directive,
    path: string,
    pathWord: Word | undefined,
    urlText: string,
    urlIndex: number,
    rows: ParameterRows,
    known: ReadMember | undefined,
  ): ReadMember | undefined {
    // add_member lower-cases the name first, so even its error message shows it in lower case.
    if (this.lastMemberPath?.path !== path) this.lastMemberPath = { path, named: balancerName(asciiLower(path)) };
    const named = this.lastMemberPath.named;
    if ('error' in named) {
      this.problem('invalid-balancer-name', 'invalid-balancer-name', pathWord?.span ?? directive.span, `BalancerMember ${named.error}`);
      return undefined;
    }
    const balancer = this.findBalancer(named.name) ?? this.defineBalancer(named.name, directive);
    if (!balancer.section && this.context.path !== undefined) balancer.section = this.context.proxy;
    // A kept line's member line is the one the previous model made; a moved line's shares its rows.
    const declaration = known?.declaration.directive === directive ? known.declaration : new MemberLine(directive, urlText, urlIndex, rows);
    const memberIndex = this.memberIndex(balancer);
    const existing = longestPrefix(memberIndex, urlText);
    if (existing) {
      const later = this.laterShares.get(existing);
      if (later) later.push(declaration);
      else if (this.keptBalancers.has(balancer)) this.laterShares.set(existing, [declaration]);
      else if (existing.sharedBy === NOT_SHARED) existing.sharedBy = [declaration];
      else existing.sharedBy.push(declaration);
      for (const parameter of declaration.parameters) {
        const message = `AH01150: Ignoring parameter '${parameter.key}=${parameter.value}' for worker '${existing.name}' because of worker sharing`;
        this.problem('shared-member', 'shared-member', parameter.span, message, false, parameter);
      }
      return undefined;
    }
    if (known) {
      const member: ReadMember = {
        url: urlText,
        name: known.name,
        declaration,
        sharedBy: NOT_SHARED,
        params: known.params,
        setBy: declaration,
      };
      this.own(balancer).members.push(member);
      indexName(memberIndex, member);
      return member;
    }
    const parsed = workerUrl(urlText);
    if ('error' in parsed) {
      this.problem('invalid-url', 'invalid-url', declaration.url, `BalancerMember ${parsed.error}`);
      return undefined;
    }
    const params = defaultWorkerParams();
    // The accepted parameters are all of them unless one is refused; only then are they copied.
    let accepted: (string | number)[] | undefined;
    for (let row = 0; row < rows.length; row += 3) {
      const error = setWorkerParam(params, rows[row] as string, rows[row + 1] as string, this.params);
      if (error) {
        this.parameterProblem(declaration.parameterAt(row), `BalancerMember ${error}`, error, false);
        accepted ??= rows.slice(0, row);
      } else accepted?.push(rows[row]!, rows[row + 1]!, rows[row + 2]!);
    }
    const member: ReadMember = {
      url: urlText,
      name: parsed.name,
      declaration,
      sharedBy: NOT_SHARED,
      params,
      setBy: accepted ? new MemberSettings(directive, accepted) : declaration,
    };
    this.own(balancer).members.push(member);
    indexName(memberIndex, member);
    return member;
  }

  private parameterProblem(parameter: Parameter, message: string, bare: string, onBalancer: boolean): void {
    if (isUnknownKeyError(bare)) {
      this.problem(
        'unknown-parameter',
        onBalancer ? 'unknown-balancer-parameter' : 'unknown-worker-parameter',
        parameter.span,
        message,
        true,
        parameter,
      );
    } else this.problem(refusedValueRule(parameter), 'invalid-parameter', parameter.valueSpan, message, true, parameter);
  }

  /**
   * mod_proxy_hcheck.c set_hc_template: after the name, every word is `key=value` and goes through
   * set_worker_hc_param (the template is already defined, so it may name itself); the first error
   * stops the line, in Apache's words with the word and the template's name after it.
   */
  private hcTemplate(directive: Directive, name: string): void {
    const params = defaultWorkerParams();
    for (const word of directive.args.slice(1)) {
      if (!word.value.includes('=')) {
        this.problem(
          'invalid-parameter',
          'invalid-parameter',
          word.span,
          "Invalid ProxyHCTemplate parameter. Parameter must be in the form 'key=value'",
        );
        return;
      }
      const parameter = WordParameter.of(word);
      const error = setWorkerHcParam(params, parameter.key, parameter.value, this.params);
      if (error === undefined) continue;
      const equals = word.value.indexOf('=');
      const message = `ProxyHCTemplate: ${error} ${word.value.slice(0, equals)}=${word.value.slice(equals + 1)}; ${name}`;
      this.parameterProblem(parameter, message, error, false);
      return;
    }
  }

  /**
   * mod_proxy_hcheck.c set_hc_condition: a name of at most 15 bytes, then one expression (a `{…}`
   * block, a quoted word or a plain word: ap_getword_conf2) that ap_expr must parse, then nothing
   * more. Names mod_ssl adds to ap_expr count when the configuration may load it.
   */
  private hcCondition(directive: Directive, name: string): void {
    const refuse = (kind: ModelProblemKind, message: string, reason?: string): void => {
      this.problems.push({
        ruleId: 'invalid-directive-argument',
        kind,
        span: directive.span,
        message,
        refused: true,
        ...(reason ? { reason } : {}),
      });
    };
    if (utf8Length(name) > HC_NAME_BYTES) return refuse('hc-name', `Expression name limited to ${HC_NAME_BYTES} characters`);
    const expression = wordConf2(afterFirstWord(directive.argText.text));
    if (expression.word === '') return refuse('hc-expression', 'Missing expression for ProxyHCExpr');
    const modules = knownModules(this.tree);
    const error = exprError(expression.word, { hcheck: true, ssl: modules ? modules.has('ssl_module') : true });
    if (error !== undefined)
      return refuse(
        'hc-condition',
        error.jammed ? error.message : `Could not parse expression "${expression.word}": ${error.message}`,
        error.reason,
      );
    if (expression.rest.trim() !== '') refuse('hc-extra', 'error: extra parameter(s)');
  }

  /** mod_proxy.c set_proxy_param: word by word, the first error stops the line. */
  private proxySet(directive: Directive, parent: Section | undefined): void {
    const inSection = parent !== undefined && this.lower(parent.name).startsWith('proxy');
    const args = [...directive.args];
    const target = inSection ? parent.args[0] : args.shift();
    // A bare `<Proxy>` names the empty worker, which cannot be defined.
    const name = target?.value ?? '';
    const targetSpan = target?.span ?? directive.span;
    let balancer: MutableBalancer | undefined;
    let worker: WorkerParams | undefined;
    if (isBalancerUrl(name)) {
      const named = balancerName(name);
      balancer = 'name' in named ? this.findBalancer(named.name) : undefined;
      if (!balancer) {
        if (!inSection) {
          this.problem('undefined-target', 'undefined-target', targetSpan, `ProxySet can not find '${name}' Balancer.`);
          return;
        }
        if ('error' in named) {
          this.problem('invalid-balancer-name', 'invalid-balancer-name', directive.span, `ProxySet ${named.error}`);
          return;
        }
        balancer = this.defineBalancer(named.name, directive, parent);
      }
      this.reference(balancer.name, directive, targetSpan);
    } else {
      if (deSocketfy(name) === undefined) {
        this.problem('invalid-url', 'invalid-url', targetSpan, 'ProxySet uses an invalid "unix:" URL');
        return;
      }
      const kind: WorkerKind | 'any' = !inSection ? 'any' : this.lower(parent.name) === 'proxymatch' ? 'match' : 'prefix';
      worker = this.findWorker(name, kind)?.params;
      if (!worker) {
        if (kind === 'any') {
          this.problem('undefined-target', 'undefined-target', targetSpan, `ProxySet can not find '${name}' Worker.`);
          return;
        }
        const parsed = workerUrl(name);
        if ('error' in parsed) {
          this.problem('invalid-url', 'invalid-url', directive.span, `ProxySet ${parsed.error}`);
          return;
        }
        worker = this.defineWorker(parsed.name, kind).params;
      }
    }
    for (const word of args) {
      if (!word.value.includes('=')) {
        this.problem(
          'invalid-parameter',
          'invalid-parameter',
          word.span,
          "Invalid ProxySet parameter. Parameter must be in the form 'key=value'",
        );
        return;
      }
      const parameter = WordParameter.of(word);
      if (!this.applyParameter(parameter, balancer, worker, (error) => `ProxySet: ${error} ${parameter.key}=${parameter.value}; ${name}`))
        return;
    }
  }

  /** Applies one parameter to a balancer or standalone worker; false (after reporting) when Apache refuses it. */
  private applyParameter(
    parameter: Parameter,
    balancer: MutableBalancer | undefined,
    worker: WorkerParams | undefined,
    decorate: (error: string) => string,
  ): boolean {
    const error = balancer
      ? setBalancerParam(this.own(balancer).params, parameter.key, parameter.value, this.params)
      : setWorkerParam(worker!, parameter.key, parameter.value, this.params);
    if (error) {
      this.parameterProblem(parameter, decorate(error), error, balancer !== undefined);
      return false;
    }
    balancer?.setBy.set(parameter.key.toLowerCase(), parameter);
    return true;
  }

  /** mod_proxy.c add_pass (docs/apache-semantics.md, add_pass). */
  private proxyPass(directive: Directive, isMatch: boolean): void {
    const inLocation = this.context.path !== undefined;
    const positional: Word[] = [];
    const table = new ParameterTable();
    // `~` counts only before the path, so never inside a section, where the section gives the path; there a wildcard path makes a match worker.
    let isRegex = inLocation && isFnmatchPattern(this.context.path!);
    const args = directive.args;
    for (let index = 0; index < args.length; index++) {
      const word = args[index]!;
      if (!inLocation && positional.length === 0 && word.value === '~') {
        if (isMatch) {
          this.problem('proxypass-syntax', 'proxypass-arguments', word.span, "ProxyPassMatch invalid syntax ('~' usage).");
          return;
        }
        isRegex = true;
        continue;
      }
      // Outside <Location> the first two words are positional even with "="; inside, only the URL.
      if (positional.length < (inLocation ? 1 : 2)) positional.push(word);
      else if (PROXYPASS_FLAGS.has(word.value.toLowerCase())) continue;
      else if (!word.value.includes('=')) {
        // Inside <Location> a path before the URL is what Apache refuses: the word to remove is the path.
        const path = inLocation && positional[0]!.value.startsWith('/') ? positional[0]! : undefined;
        const message = path
          ? 'ProxyPass|ProxyPassMatch can not have a path when defined in a location.'
          : "Invalid ProxyPass|ProxyPassMatch parameter. Parameter must be in the form 'key=value'.";
        this.problem('proxypass-syntax', 'proxypass-arguments', (path ?? word).span, message);
        return;
      } else {
        const parameter = WordParameter.of(word);
        if (parameter.key.toLowerCase() === 'mapping') {
          if (!['encoded', 'servlet'].includes(parameter.value.toLowerCase())) {
            this.problem('invalid-parameter', 'invalid-parameter', parameter.valueSpan, 'unknown mapping', true, parameter);
            return;
          }
        } else table.set(parameter, index);
      }
    }
    const url = positional[inLocation ? 0 : 1];
    if (!url) {
      this.problem(
        'proxypass-syntax',
        'proxypass-arguments',
        directive.span,
        'ProxyPass|ProxyPassMatch needs a path when not defined in a location',
      );
      return;
    }
    if (url.value === '!') return;
    if (isBalancerUrl(url.value)) {
      const named = balancerName(url.value);
      if ('error' in named) {
        this.problem('invalid-balancer-name', 'invalid-balancer-name', url.span, `ProxyPass ${named.error}`);
        return;
      }
      const balancer = this.findBalancer(named.name) ?? this.defineBalancer(named.name, directive);
      this.reference(balancer.name, directive, url.span);
      for (const parameter of table.parameters) this.applyParameter(parameter, balancer, undefined, (error) => `ProxyPass ${error}`);
      return;
    }
    const kind: WorkerKind = isMatch || isRegex ? 'match' : 'prefix';
    const shared = this.findWorker(url.value, kind);
    if (shared) {
      // add_pass: a shared worker keeps its own parameters; this line's are not even checked.
      for (const parameter of table.parameters) {
        const message = `AH01146: Ignoring parameter '${parameter.key}=${parameter.value}' for worker '${shared.name}' because of worker sharing`;
        this.problems.push({
          ruleId: 'shared-member',
          kind: 'shared-worker',
          span: parameter.span,
          message,
          refused: false,
          parameter,
          sharedWith: shared.name,
        });
      }
      return;
    }
    const parsed = workerUrl(url.value);
    if ('error' in parsed) {
      this.problem('invalid-url', 'invalid-url', url.span, `ProxyPass ${parsed.error}`);
      return;
    }
    const worker = this.defineWorker(parsed.name, kind).params;
    for (const parameter of table.parameters) this.applyParameter(parameter, undefined, worker, (error) => `ProxyPass ${error}`);
  }

  /** proxysection: `key=value` words on the opening line, applied after the body (docs/apache-semantics.md, proxysection). */
  private applyProxyLine(section: Section, isMatch: boolean): void {
    const { path, rest } = proxyPath(section);
    const canonicalName = isMatch ? '<ProxyMatch' : '<Proxy';
    if (rest.length === 0 || path === undefined) return;
    const first = rest[0]!;
    if (isMatch)
      return this.problem(
        'proxy-section-arguments',
        'section-arguments',
        first.span,
        'Multiple <ProxyMatch> arguments not (yet) supported.',
      );
    if (/[*?[]/.test(path))
      return this.problem(
        'proxy-section-arguments',
        'section-arguments',
        first.span,
        '<Proxy> arguments are not supported for wildchar url.',
      );
    if (!path.includes(':'))
      return this.problem(
        'proxy-section-arguments',
        path === '~' ? 'proxy-tilde' : 'section-arguments',
        first.span,
        '<Proxy> arguments are not supported for non url.',
      );
    let balancer: MutableBalancer | undefined;
    let worker: WorkerParams | undefined;
    if (isBalancerUrl(path)) {
      const named = balancerName(path);
      if ('error' in named)
        return this.problem('invalid-balancer-name', 'invalid-balancer-name', section.open.span, `${canonicalName} ${named.error}`);
      balancer = this.findBalancer(named.name) ?? this.defineBalancer(named.name, section.open, section);
    } else {
      const kind: WorkerKind = isMatch ? 'match' : 'prefix';
      worker = this.findWorker(path, kind)?.params;
      if (!worker) {
        const parsed = workerUrl(path);
        if ('error' in parsed) return this.problem('invalid-url', 'invalid-url', section.open.span, `${canonicalName} ${parsed.error}`);
        worker = this.defineWorker(parsed.name, kind).params;
      }
    }
    for (const word of rest) {
      if (!word.value.includes('=')) {
        return this.problem(
          'proxy-section-arguments',
          'section-arguments',
          word.span,
          "Invalid Proxy parameter. Parameter must be in the form 'key=value'",
        );
      }
      const parameter = WordParameter.of(word);
      if (
        !this.applyParameter(
          parameter,
          balancer,
          worker,
          (error) => `${canonicalName} ${error} ${parameter.key}=${parameter.value}; ${path}`,
        )
      )
        return;
    }
  }

  /** ProxyPassReverse, RewriteRule [P], SetHandler proxy:balancer://… and the like only name a balancer. */
  private otherReferences(directive: Directive): void {
    for (const word of handlerWords(directive)) {
      // Most words name no URL at all; lower-casing is for those that do.
      const at = word.value.includes('://') ? word.value.toLowerCase().indexOf('balancer://') : -1;
      if (at < 0) continue;
      const url = word.value.slice(at).split(/[\s"'|\]]/)[0]!;
      const expanded = isExpanding(directive) ? expandedName(url) : undefined;
      if (expanded) this.reference(expanded.name, directive, word.span, expanded.isPartial);
      else {
        const named = balancerName(url);
        if ('name' in named) this.reference(named.name, directive, word.span);
      }
    }
  }
}

/** Whether every key of a member line is a plain worker key (any case). */
function hasPlainKeys(rows: ParameterRows): boolean {
  for (let row = 0; row < rows.length; row += 3) if (!PLAIN_WORKER_KEYS.has(asciiLower(rows[row] as string))) return false;
  return true;
}

/** RewriteRule expands variables and back-references in its substitution; ProxyPassReverse `${VAR}` with `interpolate`. */
function isExpanding(directive: Directive): boolean {
  return /^(rewriterule|proxypassreverse)$/i.test(directive.name);
}

/**
 * The name of a `balancer://…` URL whose name holds `%{VAR}`, `${…}`, `$N` or `%N`, or undefined when it
 * holds none. `%{REQUEST_URI}` always starts with `/`, so right after a name it ends that name; any other
 * expansion leaves only the name's start known.
 */
function expandedName(url: string): { name: string; isPartial: boolean } | undefined {
  const hostStart = url.indexOf('://') + 3;
  const slash = url.indexOf('/', hostStart);
  const host = slash < 0 ? url.slice(hostStart) : url.slice(hostStart, slash);
  const at = host.search(/[$%](\d|\{)/);
  if (at < 0) return undefined;
  const name = asciiLower(url.slice(0, hostStart + at));
  const isUri = at > 0 && /^%\{REQUEST_URI\}/i.test(host.slice(at));
  return { name, isPartial: !isUri };
}

/**
 * The `<Proxy>` path (`proxy:` prefix dropped) and the words after it. proxysection has no `~` form: `<Proxy ~ re>`
 * has the path `~` and the regex as an argument, which Apache refuses (docs/apache-semantics.md, proxysection).
 */
function proxyPath(section: Section): { path: string | undefined; rest: readonly Word[] } {
  const args = section.args;
  let path = args[0]?.value ?? '';
  if (asciiStartsWith(path, 0, 'proxy:')) path = path.slice(6);
  return { path, rest: args.slice(1) };
}

function sectionPath(args: readonly Word[]): string {
  const first = args[0]?.value ?? '';
  return first === '~' ? (args[1]?.value ?? '') : first;
}

/** Which of ap_proxy_get_worker_ex's worker types: by URL prefix (ProxyPass, `<Proxy>`), or by match (ProxyPassMatch, `~`). */
type WorkerKind = 'prefix' | 'match';

/** A plain (non-balancer) worker: ProxyPass, ProxySet or `<Proxy>` to a URL. */
interface StandaloneWorker {
  readonly name: string;
  readonly params: WorkerParams;
}

/** A scope's plain workers of each kind; match workers by their exact name. */
interface StandaloneWorkers {
  readonly prefix: NameIndex<StandaloneWorker>;
  readonly match: Map<string, StandaloneWorker>;
}

/** The rule that reports a value Apache refuses: loadfactor, status and lbmethod have rules of their own. */
function refusedValueRule(parameter: Parameter): RuleId {
  switch (parameter.key.toLowerCase()) {
    case 'loadfactor': {
      // A value Apache reads as the number 0 (`0`, `0.0`, `-0`, `0abc`).
      const parsed = strtod(parameter.value);
      return parsed.length > 0 && parsed.value === 0 ? 'zero-loadfactor' : 'invalid-loadfactor';
    }
    case 'status':
      return 'invalid-status';
    case 'lbmethod':
      return 'unknown-lbmethod';
    default:
      return 'invalid-parameter';
  }
}

/**
 * A `BalancerMember URL` line outside any section: Apache refuses it on its own, but it is the
 * usual shape of a file meant to be included inside `<Proxy balancer://…>`. Not in a complete
 * configuration (one that loads its modules itself), which nothing includes.
 */
function isIncludableMember(tree: SyntaxTree, directive: Directive, parent: Section | undefined): boolean {
  if (parent !== undefined || knownModules(tree) !== undefined) return false;
  // The words as add_member saw them (after continuation and ${VAR}): one URL and parameters.
  const bare = directive.args.filter((word) => !word.value.includes('='));
  return bare.length === 1 && /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/\s]/.test(bare[0]!.value);
}

/** PROXY_WORKER_MAX_SCHEME_SIZE - 1: the longest ProxyHCExpr name. */
const HC_NAME_BYTES = 15;

/** The text after the first word as ap_getword_conf reads it (quotes with their escapes, else up to a blank). */
function afterFirstWord(text: string): string {
  let at = 0;
  while (at < text.length && isBlank(text[at]!)) at++;
  const quote = text[at];
  if (quote === '"' || quote === "'") {
    at++;
    while (at < text.length && text[at] !== quote) at += text[at] === '\\' && (text[at + 1] === quote || text[at + 1] === '\\') ? 2 : 1;
    return text.slice(at + 1);
  }
  while (at < text.length && !isBlank(text[at]!)) at++;
  return text.slice(at);
}

/**
 * ap_getword_conf2: a `{…}` block (braces counted; its content without them), a quoted word, or
 * the text up to the next blank; `rest` is what follows.
 */
function wordConf2(text: string): { word: string; rest: string } {
  const start = text.length - text.trimStart().length;
  const first = text[start];
  if (first === undefined) return { word: '', rest: '' };
  if (first === '"' || first === "'") {
    const rest = afterFirstWord(text);
    const quoted = text.slice(start + 1, text.length - rest.length);
    return { word: quoted.endsWith(first) ? quoted.slice(0, -1) : quoted, rest };
  }
  if (first === '{') {
    let depth = 1;
    let end = start + 1;
    for (; end < text.length; end++) {
      if (text[end] === '}' && --depth === 0) break;
      if (text[end] === '{') depth++;
      if (text[end] === '\\' && text[end + 1] === '\\') end++;
    }
    return { word: text.slice(start + 1, end), rest: text.slice(end + 1) };
  }
  let end = start;
  while (end < text.length && !isBlank(text[end]!)) end++;
  return { word: text.slice(start, end), rest: text.slice(end) };
}

function isBlank(char: string): boolean {
  return char === ' ' || char === '\t' || char === '\n' || char === '\r' || char === '\f' || char === '\v';
}
