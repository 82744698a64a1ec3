/**
 * Every domain's upcasters, registered on import. Imported wherever events are read (the app, the projections,
 * the command-line tools), so an old event shape never reaches a decider or a projection.
 */
import './assets/upcasters.js';
import './register-interest/upcasters.js';
import './wholesale/upcasters.js';
