/**
 * Virtual hosts inheriting balancers from the main server (docs/apache-semantics.md, merge_balancers):
 * a vhost balancer named like a main-server one becomes a copy of the main one — its own members
 * are dropped — keeping the vhost's own settings where it has them and byrequests unless it set
 * an lbmethod itself.
 */
import type { Section } from '../syntax/tree';
import type { Balancer, ServerScope } from './model';
import type { BalancerParams } from './params';
import { withKeys } from '../with-keys';

/** Settings the vhost keeps when it set them, else takes from the main balancer. */
const OWN_OR_MAIN: readonly (keyof BalancerParams)[] = [
  'stickysession',
  'stickyCookie',
  'stickyPath',
  'stickysessionsep',
  'timeout',
  'maxattempts',
  'nonce',
  'nofailover',
  'scolonpathdelim',
  'forcerecovery',
  'growth',
  'failontimeout',
];

/**
 * Replaces each inheriting vhost balancer by its merge with the main server's balancer of the same name,
 * and marks the servers that share each main-server balancer: merge_balancers copies the balancer
 * struct, so every copy points at the same workers, and balancer_post_config shares each worker with
 * each server's slot in turn; one lbstatus per member serves the main server and every inheriting vhost.
 */
export function inheritBalancers(
  balancers: readonly Balancer[],
  vhosts: readonly Section[],
  inherits: (scope: ServerScope) => boolean,
): Balancer[] {
  const heirs = vhosts.filter((section) => inherits({ kind: 'vhost', section }));
  const across: readonly ServerScope[] = [{ kind: 'main' }, ...heirs.map((section) => ({ kind: 'vhost' as const, section }))];
  const main = new Map(
    balancers
      .filter((balancer) => balancer.scope.kind === 'main')
      .map((balancer) => [balancer.name, heirs.length > 0 ? withKeys(balancer, { sharedAcross: across }) : balancer]),
  );
  return balancers.map((balancer) => {
    if (balancer.scope.kind === 'main') return main.get(balancer.name) ?? balancer;
    const from = main.get(balancer.name);
    if (!from || !inherits(balancer.scope)) return balancer;
    const params: BalancerParams = { ...from.params };
    for (const key of OWN_OR_MAIN) {
      if (balancer.params[key] !== undefined) Object.assign(params, { [key]: balancer.params[key] });
    }
    params.failonstatus = [...(balancer.params.failonstatus ?? []), ...(from.params.failonstatus ?? [])];
    if (params.failonstatus.length === 0) delete params.failonstatus;
    // A vhost balancer always has an lbmethod of its own: the main server's is not inherited.
    params.lbmethod = balancer.params.lbmethod ?? 'byrequests';
    const setBy = new Map([...from.setBy].filter(([key]) => key !== 'lbmethod'));
    for (const [key, parameter] of balancer.setBy) setBy.set(key, parameter);
    return withKeys(balancer, {
      members: from.members,
      params,
      setBy,
      inherited: { from, ignoredMembers: balancer.members },
      sharedAcross: across,
    });
  });
}
