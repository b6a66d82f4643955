/** Every rule Balancer Lens runs. Generated from the rule files by `npm run docs` (scripts/rules-registry.ts): do not edit. */
import { rule as allMembersDisabled } from './all-members-disabled';
import { rule as backreferenceWithoutGroup } from './backreference-without-group';
import { rule as balancerManagerUnprotected } from './balancer-manager-unprotected';
import { rule as balancerModuleNotLoaded } from './balancer-module-not-loaded';
import { rule as balancerNameCollision } from './balancer-name-collision';
import { rule as balancerNameGlued } from './balancer-name-glued';
import { rule as balancerPersist } from './balancer-persist';
import { rule as balancerSchemeTypo } from './balancer-scheme-typo';
import { rule as commentContinuation } from './comment-continuation';
import { rule as cookiePathMapping } from './cookie-path-mapping';
import { rule as doubledSlash } from './doubled-slash';
import { rule as duplicateMember } from './duplicate-member';
import { rule as duplicateRoute } from './duplicate-route';
import { rule as emptyBalancer } from './empty-balancer';
import { rule as encodedSlash } from './encoded-slash';
import { rule as errorDocumentRedirect } from './error-document-redirect';
import { rule as guardBypassed } from './guard-bypassed';
import { rule as handlerProxied } from './handler-proxied';
import { rule as headerAlwaysMissesMember } from './header-always-misses-member';
import { rule as headerVariableUnset } from './header-variable-unset';
import { rule as healthCheckBodyUnread } from './health-check-body-unread';
import { rule as healthCheckNeverRuns } from './health-check-never-runs';
import { rule as hostHeaderIgnored } from './host-header-ignored';
import { rule as ignoredText } from './ignored-text';
import { rule as includeFailed } from './include-failed';
import { rule as includeOutsideRoots } from './include-outside-roots';
import { rule as includeOverLimit } from './include-over-limit';
import { rule as ineffectiveInProxy } from './ineffective-in-proxy';
import { rule as invalidBalancerName } from './invalid-balancer-name';
import { rule as invalidConditional } from './invalid-conditional';
import { rule as invalidDefine } from './invalid-define';
import { rule as invalidDirectiveArgument } from './invalid-directive-argument';
import { rule as invalidLoadfactor } from './invalid-loadfactor';
import { rule as invalidMacro } from './invalid-macro';
import { rule as invalidParameter } from './invalid-parameter';
import { rule as invalidRegex } from './invalid-regex';
import { rule as invalidStatus } from './invalid-status';
import { rule as invalidUrl } from './invalid-url';
import { rule as lbsetShadowed } from './lbset-shadowed';
import { rule as limitMethodsUnguarded } from './limit-methods-unguarded';
import { rule as loadModuleFailed } from './load-module-failed';
import { rule as loadModuleUnchecked } from './load-module-unchecked';
import { rule as localPathProxied } from './local-path-proxied';
import { rule as locationGuardOverridden } from './location-guard-overridden';
import { rule as locationGuardSlash } from './location-guard-slash';
import { rule as locationOrder } from './location-order';
import { rule as memberNeedsSection } from './member-needs-section';
import { rule as memberOutsideBalancer } from './member-outside-balancer';
import { rule as memberPathRepeated } from './member-path-repeated';
import { rule as memberSyntax } from './member-syntax';
import { rule as memberTrailingSlash } from './member-trailing-slash';
import { rule as misplacedDirective } from './misplaced-directive';
import { rule as missingProxypassreverse } from './missing-proxypassreverse';
import { rule as moduleNotLoaded } from './module-not-loaded';
import { rule as nestedBalancerMember } from './nested-balancer-member';
import { rule as nocanonWithoutEncodedSlashes } from './nocanon-without-encoded-slashes';
import { rule as nofailover } from './nofailover';
import { rule as openForwardProxy } from './open-forward-proxy';
import { rule as proxySectionArguments } from './proxy-section-arguments';
import { rule as proxyStarDenied } from './proxy-star-denied';
import { rule as proxypassOrder } from './proxypass-order';
import { rule as proxypassSyntax } from './proxypass-syntax';
import { rule as proxypassTargetQuery } from './proxypass-target-query';
import { rule as proxypassmatchUnanchored } from './proxypassmatch-unanchored';
import { rule as proxypassreverseExtraWord } from './proxypassreverse-extra-word';
import { rule as proxypassreverseSyntax } from './proxypassreverse-syntax';
import { rule as queryInPathPattern } from './query-in-path-pattern';
import { rule as redirectNotMapped } from './redirect-not-mapped';
import { rule as refusedIfUnset } from './refused-if-unset';
import { rule as remoteUserBeforeLogin } from './remote-user-before-login';
import { rule as responseHeaderForMember } from './response-header-for-member';
import { rule as reverseDoubledSlash } from './reverse-doubled-slash';
import { rule as rewriteEngineOff } from './rewrite-engine-off';
import { rule as rewriteGroupUnused } from './rewrite-group-unused';
import { rule as rewriteNegatedBackreference } from './rewrite-negated-backreference';
import { rule as rewriteNotInherited } from './rewrite-not-inherited';
import { rule as rewriteProxyWithoutFlag } from './rewrite-proxy-without-flag';
import { rule as rewriteQueryDoubled } from './rewrite-query-doubled';
import { rule as rewriteQueryUnescaped } from './rewrite-query-unescaped';
import { rule as rewriteShadowsProxypass } from './rewrite-shadows-proxypass';
import { rule as rewriteSlashInDirectory } from './rewrite-slash-in-directory';
import { rule as rewriteWithoutLast } from './rewrite-without-last';
import { rule as sectionMismatch } from './section-mismatch';
import { rule as setCookieReplaced } from './set-cookie-replaced';
import { rule as sharedMember } from './shared-member';
import { rule as spareNeverUsed } from './spare-never-used';
import { rule as sslProxyEngineOff } from './ssl-proxy-engine-off';
import { rule as standbyOnly } from './standby-only';
import { rule as statusInError } from './status-in-error';
import { rule as stickyCookieSeparator } from './sticky-cookie-separator';
import { rule as stickyNeverRouted } from './sticky-never-routed';
import { rule as stickyWithoutRoute } from './sticky-without-route';
import { rule as suspiciousMemberUrl } from './suspicious-member-url';
import { rule as templateSyntax } from './template-syntax';
import { rule as tlsMemberByIp } from './tls-member-by-ip';
import { rule as tlsVerifyWithoutCa } from './tls-verify-without-ca';
import { rule as trailingSlashMismatch } from './trailing-slash-mismatch';
import { rule as unclosedConditional } from './unclosed-conditional';
import { rule as undefinedBalancer } from './undefined-balancer';
import { rule as undefinedTarget } from './undefined-target';
import { rule as undefinedVariable } from './undefined-variable';
import { rule as unknownDirective } from './unknown-directive';
import { rule as unknownLbmethod } from './unknown-lbmethod';
import { rule as unknownParameter } from './unknown-parameter';
import { rule as unservableBalancerName } from './unservable-balancer-name';
import { rule as unusedBalancer } from './unused-balancer';
import { rule as unusedSuppression } from './unused-suppression';
import { rule as upgradeConditionCase } from './upgrade-condition-case';
import { rule as vhostMembersIgnored } from './vhost-members-ignored';
import { rule as zeroLoadfactor } from './zero-loadfactor';
import type { Rule } from './types';

/** All rules, sorted by id. */
export const RULES: readonly Rule[] = [
  allMembersDisabled,
  backreferenceWithoutGroup,
  balancerManagerUnprotected,
  balancerModuleNotLoaded,
  balancerNameCollision,
  balancerNameGlued,
  balancerPersist,
  balancerSchemeTypo,
  commentContinuation,
  cookiePathMapping,
  doubledSlash,
  duplicateMember,
  duplicateRoute,
  emptyBalancer,
  encodedSlash,
  errorDocumentRedirect,
  guardBypassed,
  handlerProxied,
  headerAlwaysMissesMember,
  headerVariableUnset,
  healthCheckBodyUnread,
  healthCheckNeverRuns,
  hostHeaderIgnored,
  ignoredText,
  includeFailed,
  includeOutsideRoots,
  includeOverLimit,
  ineffectiveInProxy,
  invalidBalancerName,
  invalidConditional,
  invalidDefine,
  invalidDirectiveArgument,
  invalidLoadfactor,
  invalidMacro,
  invalidParameter,
  invalidRegex,
  invalidStatus,
  invalidUrl,
  lbsetShadowed,
  limitMethodsUnguarded,
  loadModuleFailed,
  loadModuleUnchecked,
  localPathProxied,
  locationGuardOverridden,
  locationGuardSlash,
  locationOrder,
  memberNeedsSection,
  memberOutsideBalancer,
  memberPathRepeated,
  memberSyntax,
  memberTrailingSlash,
  misplacedDirective,
  missingProxypassreverse,
  moduleNotLoaded,
  nestedBalancerMember,
  nocanonWithoutEncodedSlashes,
  nofailover,
  openForwardProxy,
  proxySectionArguments,
  proxyStarDenied,
  proxypassOrder,
  proxypassSyntax,
  proxypassTargetQuery,
  proxypassmatchUnanchored,
  proxypassreverseExtraWord,
  proxypassreverseSyntax,
  queryInPathPattern,
  redirectNotMapped,
  refusedIfUnset,
  remoteUserBeforeLogin,
  responseHeaderForMember,
  reverseDoubledSlash,
  rewriteEngineOff,
  rewriteGroupUnused,
  rewriteNegatedBackreference,
  rewriteNotInherited,
  rewriteProxyWithoutFlag,
  rewriteQueryDoubled,
  rewriteQueryUnescaped,
  rewriteShadowsProxypass,
  rewriteSlashInDirectory,
  rewriteWithoutLast,
  sectionMismatch,
  setCookieReplaced,
  sharedMember,
  spareNeverUsed,
  sslProxyEngineOff,
  standbyOnly,
  statusInError,
  stickyCookieSeparator,
  stickyNeverRouted,
  stickyWithoutRoute,
  suspiciousMemberUrl,
  templateSyntax,
  tlsMemberByIp,
  tlsVerifyWithoutCa,
  trailingSlashMismatch,
  unclosedConditional,
  undefinedBalancer,
  undefinedTarget,
  undefinedVariable,
  unknownDirective,
  unknownLbmethod,
  unknownParameter,
  unservableBalancerName,
  unusedBalancer,
  unusedSuppression,
  upgradeConditionCase,
  vhostMembersIgnored,
  zeroLoadfactor,
];
