/** How Apache spells a section's name in its messages (docs/apache-semantics.md, ap_build_config_sub). */
import { findDirective } from '../directives/directives';

/** A section name without `<`, spelled as the module that defines it does (`proxy` → `Proxy`), else as written. */
export function sectionName(name: string): string {
  return findDirective(`<${name}`)?.name.slice(1) ?? name;
}
