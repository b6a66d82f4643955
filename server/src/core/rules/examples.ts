/** Every rule's examples, by id. Generated from the rule files by `npm run docs` (scripts/rules-registry.ts): do not edit. */
import type { RuleId } from '../rule-ids';
import { examples as allMembersDisabled } from './all-members-disabled';
import { examples as backreferenceWithoutGroup } from './backreference-without-group';
import { examples as balancerManagerUnprotected } from './balancer-manager-unprotected';
import { examples as balancerModuleNotLoaded } from './balancer-module-not-loaded';
import { examples as balancerNameCollision } from './balancer-name-collision';
import { examples as balancerNameGlued } from './balancer-name-glued';
import { examples as balancerPersist } from './balancer-persist';
import { examples as balancerSchemeTypo } from './balancer-scheme-typo';
import { examples as commentContinuation } from './comment-continuation';
import { examples as cookiePathMapping } from './cookie-path-mapping';
import { examples as doubledSlash } from './doubled-slash';
import { examples as duplicateMember } from './duplicate-member';
import { examples as duplicateRoute } from './duplicate-route';
import { examples as emptyBalancer } from './empty-balancer';
import { examples as encodedSlash } from './encoded-slash';
import { examples as errorDocumentRedirect } from './error-document-redirect';
import { examples as guardBypassed } from './guard-bypassed';
import { examples as handlerProxied } from './handler-proxied';
import { examples as headerAlwaysMissesMember } from './header-always-misses-member';
import { examples as headerVariableUnset } from './header-variable-unset';
import { examples as healthCheckBodyUnread } from './health-check-body-unread';
import { examples as healthCheckNeverRuns } from './health-check-never-runs';
import { examples as hostHeaderIgnored } from './host-header-ignored';
import { examples as ignoredText } from './ignored-text';
import { examples as includeFailed } from './include-failed';
import { examples as includeOutsideRoots } from './include-outside-roots';
import { examples as includeOverLimit } from './include-over-limit';
import { examples as ineffectiveInProxy } from './ineffective-in-proxy';
import { examples as invalidBalancerName } from './invalid-balancer-name';
import { examples as invalidConditional } from './invalid-conditional';
import { examples as invalidDefine } from './invalid-define';
import { examples as invalidDirectiveArgument } from './invalid-directive-argument';
import { examples as invalidLoadfactor } from './invalid-loadfactor';
import { examples as invalidMacro } from './invalid-macro';
import { examples as invalidParameter } from './invalid-parameter';
import { examples as invalidRegex } from './invalid-regex';
import { examples as invalidStatus } from './invalid-status';
import { examples as invalidUrl } from './invalid-url';
import { examples as lbsetShadowed } from './lbset-shadowed';
import { examples as limitMethodsUnguarded } from './limit-methods-unguarded';
import { examples as loadModuleFailed } from './load-module-failed';
import { examples as loadModuleUnchecked } from './load-module-unchecked';
import { examples as localPathProxied } from './local-path-proxied';
import { examples as locationGuardOverridden } from './location-guard-overridden';
import { examples as locationGuardSlash } from './location-guard-slash';
import { examples as locationOrder } from './location-order';
import { examples as memberNeedsSection } from './member-needs-section';
import { examples as memberOutsideBalancer } from './member-outside-balancer';
import { examples as memberPathRepeated } from './member-path-repeated';
import { examples as memberSyntax } from './member-syntax';
import { examples as memberTrailingSlash } from './member-trailing-slash';
import { examples as misplacedDirective } from './misplaced-directive';
import { examples as missingProxypassreverse } from './missing-proxypassreverse';
import { examples as moduleNotLoaded } from './module-not-loaded';
import { examples as nestedBalancerMember } from './nested-balancer-member';
import { examples as nocanonWithoutEncodedSlashes } from './nocanon-without-encoded-slashes';
import { examples as nofailover } from './nofailover';
import { examples as openForwardProxy } from './open-forward-proxy';
import { examples as proxySectionArguments } from './proxy-section-arguments';
import { examples as proxyStarDenied } from './proxy-star-denied';
import { examples as proxypassOrder } from './proxypass-order';
import { examples as proxypassSyntax } from './proxypass-syntax';
import { examples as proxypassTargetQuery } from './proxypass-target-query';
import { examples as proxypassmatchUnanchored } from './proxypassmatch-unanchored';
import { examples as proxypassreverseExtraWord } from './proxypassreverse-extra-word';
import { examples as proxypassreverseSyntax } from './proxypassreverse-syntax';
import { examples as queryInPathPattern } from './query-in-path-pattern';
import { examples as redirectNotMapped } from './redirect-not-mapped';
import { examples as refusedIfUnset } from './refused-if-unset';
import { examples as remoteUserBeforeLogin } from './remote-user-before-login';
import { examples as responseHeaderForMember } from './response-header-for-member';
import { examples as reverseDoubledSlash } from './reverse-doubled-slash';
import { examples as rewriteEngineOff } from './rewrite-engine-off';
import { examples as rewriteGroupUnused } from './rewrite-group-unused';
import { examples as rewriteNegatedBackreference } from './rewrite-negated-backreference';
import { examples as rewriteNotInherited } from './rewrite-not-inherited';
import { examples as rewriteProxyWithoutFlag } from './rewrite-proxy-without-flag';
import { examples as rewriteQueryDoubled } from './rewrite-query-doubled';
import { examples as rewriteQueryUnescaped } from './rewrite-query-unescaped';
import { examples as rewriteShadowsProxypass } from './rewrite-shadows-proxypass';
import { examples as rewriteSlashInDirectory } from './rewrite-slash-in-directory';
import { examples as rewriteWithoutLast } from './rewrite-without-last';
import { examples as sectionMismatch } from './section-mismatch';
import { examples as setCookieReplaced } from './set-cookie-replaced';
import { examples as sharedMember } from './shared-member';
import { examples as spareNeverUsed } from './spare-never-used';
import { examples as sslProxyEngineOff } from './ssl-proxy-engine-off';
import { examples as standbyOnly } from './standby-only';
import { examples as statusInError } from './status-in-error';
import { examples as stickyCookieSeparator } from './sticky-cookie-separator';
import { examples as stickyNeverRouted } from './sticky-never-routed';
import { examples as stickyWithoutRoute } from './sticky-without-route';
import { examples as suspiciousMemberUrl } from './suspicious-member-url';
import { examples as templateSyntax } from './template-syntax';
import { examples as tlsMemberByIp } from './tls-member-by-ip';
import { examples as tlsVerifyWithoutCa } from './tls-verify-without-ca';
import { examples as trailingSlashMismatch } from './trailing-slash-mismatch';
import { examples as unclosedConditional } from './unclosed-conditional';
import { examples as undefinedBalancer } from './undefined-balancer';
import { examples as undefinedTarget } from './undefined-target';
import { examples as undefinedVariable } from './undefined-variable';
import { examples as unknownDirective } from './unknown-directive';
import { examples as unknownLbmethod } from './unknown-lbmethod';
import { examples as unknownParameter } from './unknown-parameter';
import { examples as unservableBalancerName } from './unservable-balancer-name';
import { examples as unusedBalancer } from './unused-balancer';
import { examples as unusedSuppression } from './unused-suppression';
import { examples as upgradeConditionCase } from './upgrade-condition-case';
import { examples as vhostMembersIgnored } from './vhost-members-ignored';
import { examples as zeroLoadfactor } from './zero-loadfactor';
import type { RuleExamples } from './types';

/** The flagged and the fixed example of each rule; not imported by the program, so not in its bundle. */
export const RULE_EXAMPLES: Readonly<Record<RuleId, RuleExamples>> = {
  'all-members-disabled': allMembersDisabled,
  'backreference-without-group': backreferenceWithoutGroup,
  'balancer-manager-unprotected': balancerManagerUnprotected,
  'balancer-module-not-loaded': balancerModuleNotLoaded,
  'balancer-name-collision': balancerNameCollision,
  'balancer-name-glued': balancerNameGlued,
  'balancer-persist': balancerPersist,
  'balancer-scheme-typo': balancerSchemeTypo,
  'comment-continuation': commentContinuation,
  'cookie-path-mapping': cookiePathMapping,
  'doubled-slash': doubledSlash,
  'duplicate-member': duplicateMember,
  'duplicate-route': duplicateRoute,
  'empty-balancer': emptyBalancer,
  'encoded-slash': encodedSlash,
  'error-document-redirect': errorDocumentRedirect,
  'guard-bypassed': guardBypassed,
  'handler-proxied': handlerProxied,
  'header-always-misses-member': headerAlwaysMissesMember,
  'header-variable-unset': headerVariableUnset,
  'health-check-body-unread': healthCheckBodyUnread,
  'health-check-never-runs': healthCheckNeverRuns,
  'host-header-ignored': hostHeaderIgnored,
  'ignored-text': ignoredText,
  'include-failed': includeFailed,
  'include-outside-roots': includeOutsideRoots,
  'include-over-limit': includeOverLimit,
  'ineffective-in-proxy': ineffectiveInProxy,
  'invalid-balancer-name': invalidBalancerName,
  'invalid-conditional': invalidConditional,
  'invalid-define': invalidDefine,
  'invalid-directive-argument': invalidDirectiveArgument,
  'invalid-loadfactor': invalidLoadfactor,
  'invalid-macro': invalidMacro,
  'invalid-parameter': invalidParameter,
  'invalid-regex': invalidRegex,
  'invalid-status': invalidStatus,
  'invalid-url': invalidUrl,
  'lbset-shadowed': lbsetShadowed,
  'limit-methods-unguarded': limitMethodsUnguarded,
  'load-module-failed': loadModuleFailed,
  'load-module-unchecked': loadModuleUnchecked,
  'local-path-proxied': localPathProxied,
  'location-guard-overridden': locationGuardOverridden,
  'location-guard-slash': locationGuardSlash,
  'location-order': locationOrder,
  'member-needs-section': memberNeedsSection,
  'member-outside-balancer': memberOutsideBalancer,
  'member-path-repeated': memberPathRepeated,
  'member-syntax': memberSyntax,
  'member-trailing-slash': memberTrailingSlash,
  'misplaced-directive': misplacedDirective,
  'missing-proxypassreverse': missingProxypassreverse,
  'module-not-loaded': moduleNotLoaded,
  'nested-balancer-member': nestedBalancerMember,
  'nocanon-without-encoded-slashes': nocanonWithoutEncodedSlashes,
  nofailover: nofailover,
  'open-forward-proxy': openForwardProxy,
  'proxy-section-arguments': proxySectionArguments,
  'proxy-star-denied': proxyStarDenied,
  'proxypass-order': proxypassOrder,
  'proxypass-syntax': proxypassSyntax,
  'proxypass-target-query': proxypassTargetQuery,
  'proxypassmatch-unanchored': proxypassmatchUnanchored,
  'proxypassreverse-extra-word': proxypassreverseExtraWord,
  'proxypassreverse-syntax': proxypassreverseSyntax,
  'query-in-path-pattern': queryInPathPattern,
  'redirect-not-mapped': redirectNotMapped,
  'refused-if-unset': refusedIfUnset,
  'remote-user-before-login': remoteUserBeforeLogin,
  'response-header-for-member': responseHeaderForMember,
  'reverse-doubled-slash': reverseDoubledSlash,
  'rewrite-engine-off': rewriteEngineOff,
  'rewrite-group-unused': rewriteGroupUnused,
  'rewrite-negated-backreference': rewriteNegatedBackreference,
  'rewrite-not-inherited': rewriteNotInherited,
  'rewrite-proxy-without-flag': rewriteProxyWithoutFlag,
  'rewrite-query-doubled': rewriteQueryDoubled,
  'rewrite-query-unescaped': rewriteQueryUnescaped,
  'rewrite-shadows-proxypass': rewriteShadowsProxypass,
  'rewrite-slash-in-directory': rewriteSlashInDirectory,
  'rewrite-without-last': rewriteWithoutLast,
  'section-mismatch': sectionMismatch,
  'set-cookie-replaced': setCookieReplaced,
  'shared-member': sharedMember,
  'spare-never-used': spareNeverUsed,
  'ssl-proxy-engine-off': sslProxyEngineOff,
  'standby-only': standbyOnly,
  'status-in-error': statusInError,
  'sticky-cookie-separator': stickyCookieSeparator,
  'sticky-never-routed': stickyNeverRouted,
  'sticky-without-route': stickyWithoutRoute,
  'suspicious-member-url': suspiciousMemberUrl,
  'template-syntax': templateSyntax,
  'tls-member-by-ip': tlsMemberByIp,
  'tls-verify-without-ca': tlsVerifyWithoutCa,
  'trailing-slash-mismatch': trailingSlashMismatch,
  'unclosed-conditional': unclosedConditional,
  'undefined-balancer': undefinedBalancer,
  'undefined-target': undefinedTarget,
  'undefined-variable': undefinedVariable,
  'unknown-directive': unknownDirective,
  'unknown-lbmethod': unknownLbmethod,
  'unknown-parameter': unknownParameter,
  'unservable-balancer-name': unservableBalancerName,
  'unused-balancer': unusedBalancer,
  'unused-suppression': unusedSuppression,
  'upgrade-condition-case': upgradeConditionCase,
  'vhost-members-ignored': vhostMembersIgnored,
  'zero-loadfactor': zeroLoadfactor,
};
