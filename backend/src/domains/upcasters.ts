import { Upcasters } from '../platform/event-store/upcasters.js';
import { assetUpcasters } from './assets/upcasters.js';
import { billingUpcasters } from './billing/upcasters.js';
import { earlyAccessUpcasters } from './early-access/upcasters.js';
import { incomeUpcasters } from './income/upcasters.js';
import { wholesaleUpcasters } from './wholesale/upcasters.js';

/**
 * Every domain's old event shapes, in one list: each decider and each read model names it (`upcasters`, a required
 * field), so an old shape never reaches a decider or a projection, and the version each event type is written at
 * is one past its last lift (platform/event-store/upcasters.ts). A domain whose events change shape adds its table here.
 */
export const upcasters = new Upcasters([
  assetUpcasters,
  billingUpcasters,
  earlyAccessUpcasters,
  incomeUpcasters,
  wholesaleUpcasters,
]);
