import type { EventStore, StoreHealth } from '../event-store/event-store.js';
import type { ReadStore } from '../read-store/read-store.js';

/** The two stores' own health, for readiness: a store whose check throws is reported down with the reason. */
export class StoresHealth {
  constructor(
    private readonly events: EventStore,
    private readonly reads: ReadStore,
  ) {}

  async check(): Promise<{ eventStore: StoreHealth; readStore: StoreHealth }> {
    const settle = async (check: () => Promise<StoreHealth>, kind: string): Promise<StoreHealth> => {
      try {
        return await check();
      } catch (e) {
        return { ok: false, kind, detail: e instanceof Error ? e.message : String(e) };
      }
    };
    const [eventStore, readStore] = await Promise.all([
      settle(() => this.events.health(), this.events.kind),
      settle(() => this.reads.health(), this.reads.kind),
    ]);
    return { eventStore, readStore };
  }
}
