/** Injection tokens for the ports (interfaces have no runtime identity). */
export const EVENT_STORE = Symbol('EventStore');
export const READ_STORE = Symbol('ReadStore');
export const CONFIG = Symbol('Config');
export const LOGGER = Symbol('Logger');
export const OPS_TOKEN = Symbol('OpsToken');
export const VAULT = Symbol('Vault');
export const DOCUMENT_STORE = Symbol('DocumentStore');
/** The chain port, or null with CHAIN=off. */
export const CHAIN = Symbol('Chain');
