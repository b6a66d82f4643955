/** A configuration file that cannot be read or is not valid: `FILE: what is wrong`. In a module of its own, so the CLI tells it without loading the rules. */
export class ConfigError extends Error {}
