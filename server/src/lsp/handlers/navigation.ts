/** Definition, references and rename of balancer names, across the files of the configuration. */
import type {
  DefinitionParams,
  Location,
  PrepareRenameParams,
  Range,
  ReferenceParams,
  RenameParams,
  WorkspaceEdit,
} from 'vscode-languageserver/node';
import { definition as coreDefinition, references as coreReferences, rename as coreRename } from '../../core/features/navigation';
import type { Open } from '../context';
import { workspaceEdit } from '../convert';

/** Where the balancer at a position is defined. */
export function definition({ state }: Open, params: DefinitionParams): Location[] {
  return coreDefinition(state.analysis, state.offsetAt(params.position)).map((span) => state.locationOf(span));
}

/** Every mention of the balancer at a position. */
export function references({ state }: Open, params: ReferenceParams): Location[] {
  return coreReferences(state.analysis, state.offsetAt(params.position)).map((span) => state.locationOf(span));
}

/** The name under the cursor, if it can be renamed. */
export function prepareRename({ state }: Open, params: PrepareRenameParams): Range | null {
  const offset = state.offsetAt(params.position);
  const here = coreReferences(state.analysis, offset).find((span) => offset >= span.start && offset <= span.end);
  return (here && state.rangeOf(here)) ?? null;
}

/** The edits that rename a balancer; a name that cannot be one is refused with the reason. */
export function rename({ state }: Open, params: RenameParams): WorkspaceEdit | null {
  const edits = coreRename(state.analysis, state.offsetAt(params.position), params.newName);
  if ('error' in edits) throw new Error(edits.error);
  return workspaceEdit(state, edits);
}
