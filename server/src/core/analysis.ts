/** One frozen analysis of a document: tree, model and previews, shared by every feature. */
import { buildModel } from './model/build';
import type { Balancer, Model } from './model/model';
import type { WorkerParams } from './model/params';
import { BalancerPreview, previewBalancer } from './scheduler/preview';
import { assumedConditions } from './syntax/conditions';
import { parse, ReadOptions } from './syntax/parser';
import { EditedFile, reread } from './syntax/reread';
import type { Directive, SyntaxTree } from './syntax/tree';

/** What an analysis needs beyond the text; the edges supply the clock and the environment. */
export interface AnalyzeOptions extends ReadOptions {
  /** The current Unix time in seconds (see PreviewOptions). */
  readonly epochSeconds: number;
}

/** How many balancers are previewed between two calls of `checkpoint`. */
const PREVIEWS_PER_CHECKPOINT = 256;

/** Everything known about one document version. */
export interface Analysis {
  readonly tree: SyntaxTree;
  readonly model: Model;
  readonly previews: readonly BalancerPreview[];
}

/**
 * Reads, models and previews a configuration text. `previous`, the tree of the same configuration
 * read with the same options before an edit of this text or (`edited`) of one file it includes,
 * lets the edit read again only what it touched (syntax/reread.ts).
 */
export function analyze(text: string, options: AnalyzeOptions, previous?: SyntaxTree, edited?: EditedFile): Analysis {
  const checkpoint = options.checkpoint ?? (() => undefined);
  const tree = previous ? reread(previous, text, options, edited) : parse(text, options);
  checkpoint();
  const model = buildModel(tree, checkpoint, previous);
  checkpoint();
  return Object.freeze({ tree, model, previews: previewModel(tree, model, options, previous) });
}

/** The same analysis previewed at another time: the tree and the model are kept, only the previews depend on the clock. */
export function previewAgain(analysis: Analysis, options: AnalyzeOptions): Analysis {
  return Object.freeze({
    tree: analysis.tree,
    model: analysis.model,
    previews: previewModel(analysis.tree, analysis.model, options, analysis.tree),
  });
}

/**
 * The latest previews of each tree: those of the tree an edit started from lend their schedules to
 * the balancers whose members the edit did not touch (previewBalancer's `earlier`).
 */
const PREVIEWS = new WeakMap<SyntaxTree, readonly BalancerPreview[]>();

function previewModel(tree: SyntaxTree, model: Model, options: AnalyzeOptions, previous: SyntaxTree | undefined): BalancerPreview[] {
  const checkpoint = options.checkpoint ?? (() => undefined);
  const assumptionsOf = assumptionsFinder(tree);
  // A balancer an edit left alone has its first member's parameters object again: one lookup finds its earlier preview.
  const earlier = new Map<WorkerParams, BalancerPreview>();
  for (const preview of (previous && PREVIEWS.get(previous)) ?? []) {
    const first = preview.balancer.members[0];
    if (first && !earlier.has(first.params)) earlier.set(first.params, preview);
  }
  const previews = model.balancers.map((balancer, index) => {
    if (index % PREVIEWS_PER_CHECKPOINT === PREVIEWS_PER_CHECKPOINT - 1) checkpoint();
    const first = balancer.members[0];
    return previewBalancer(
      balancer,
      { epochSeconds: options.epochSeconds, persist: model.persist, assumptions: assumptionsOf(balancer) },
      first && earlier.get(first.params),
    );
  });
  PREVIEWS.set(tree, previews);
  return previews;
}

/**
 * For each balancer of `tree`, the conditions its own lines (its section, its members) were read
 * under, each named once, found when asked: only the notes say them, which a preview writes when
 * first read, and one walk of the tree serves every balancer. Made here, apart from `previewModel`:
 * a closure made there would hold its scope, and so the previews of the tree before the edit, each
 * holding those of the tree before it.
 */
function assumptionsFinder(tree: SyntaxTree): (balancer: Balancer) => () => readonly string[] {
  let assumed: ReadonlyMap<Directive, readonly string[]> | undefined;
  return (balancer) => () => {
    assumed ??= assumedConditions(tree);
    if (assumed.size === 0) return [];
    const found = new Set(balancer.section && assumed.get(balancer.section.open));
    for (const member of balancer.members) for (const sentence of assumed.get(member.declaration.directive) ?? []) found.add(sentence);
    return [...found];
  };
}
