import { join } from 'node:path';
import type { Address, Hex, LocalAccount } from 'viem';
import type { ChainConfig } from '../config.js';
import type { Logger } from '../logging.js';
import { ChainUnavailableError, type ChainHealth, type ChainKind, type ChainPort } from './chain.js';
import type { ChainKeys } from './keys.js';
import { ANVIL_CHAIN_ID, type EmbeddedAnvil } from './anvil.js';

/** Gas money the embedded node gives the signer (and custody wallets that send): it costs nothing there. */
export const EMBEDDED_FUNDS = 10n ** 24n;

/**
 * Opens the configured chain, or null with `CHAIN=off`. A chain that cannot be opened (anvil missing or failing
 * to start, no signer for an RPC node) is not fatal: the app boots, health says why, and the outbox waits.
 */
export async function openChain(
  config: { chain: ChainConfig; dataDir: string },
  keys: ChainKeys,
  logger: Logger,
  options: { stateDir?: string | null } = {},
): Promise<ChainPort | null> {
  const { chain } = config;
  if (chain.kind === 'off') return null;
  // viem and the contracts' artifacts (thousands of modules) are loaded only when there is a chain to talk to.
  const { ViemChain } = await import('./viem-chain.js');
  switch (chain.kind) {
    case 'anvil': {
      let anvil: EmbeddedAnvil | null = null;
      try {
        const { startAnvil } = await import('./anvil.js');
        let port: InstanceType<typeof ViemChain> | null = null;
        const node = await startAnvil({
          dir: options.stateDir === undefined ? join(config.dataDir, 'chain') : options.stateDir,
          onEvent: (event) => {
            if (event.kind === 'restarted') {
              if (port && port.url !== event.url) port.moveTo(event.url);
              logger.warn({ chain: 'anvil', pid: event.pid, url: event.url }, 'embedded chain restarted');
            } else
              logger.error({ chain: 'anvil', why: event.why, retryInMs: event.retryInMs }, 'embedded chain is down');
          },
        });
        anvil = node;
        const signer = (await keys.signer(true))!;
        port = new ViemChain({
          kind: 'anvil',
          url: node.url,
          chainId: node.chainId,
          account: signer,
          onClose: () => node.stop(),
          node: () => node.status(),
        });
        await port.fund(signer.address, EMBEDDED_FUNDS);
        logger.info({ chain: 'anvil', url: node.url, pid: node.pid, signer: signer.address }, 'embedded chain started');
        return port;
      } catch (error) {
        logger.error({ err: error }, 'embedded chain did not start');
        // A node that started before the rest failed (the signer's key, its funds) is stopped: the unavailable chain
        // has nothing to close at shutdown, and the node would outlive the app holding the folder's chain state.
        await anvil
          ?.stop()
          .catch((stopError: unknown) => logger.error({ err: stopError }, 'embedded chain not stopped'));
        return new UnavailableChain('anvil', 31337, error instanceof Error ? error.message : String(error));
      }
    }
    case 'rpc': {
      const signer = await keys.signer(false);
      if (!signer)
        return new UnavailableChain(
          'rpc',
          chain.chainId!,
          'no signer key in the vault: store a funded key with `npm run chain -- import-signer`',
        );
      const port = new ViemChain({ kind: 'rpc', url: chain.rpcUrl!, chainId: chain.chainId!, account: signer });
      const health = await port.health();
      if (!health.ok) logger.warn({ chain: 'rpc', detail: health.detail }, 'chain not reachable yet');
      else logger.info({ chain: 'rpc', chainId: chain.chainId, signer: signer.address }, 'chain connected');
      return port;
    }
    default: {
      const _exhaustive: never = chain.kind;
      throw new Error(`unknown chain ${String(_exhaustive)}`);
    }
  }
}

/** Stands in for a chain that could not be opened: every call fails as unavailable, health says why. */
export class UnavailableChain implements ChainPort {
  readonly signer: Address = '0x0000000000000000000000000000000000000000';
  constructor(
    readonly kind: ChainKind,
    readonly chainId: number,
    private readonly why: string,
  ) {}
  private fail(): never {
    throw new ChainUnavailableError(this.why);
  }
  prepare = async () => this.fail();
  sign = async () => this.fail();
  broadcast = async (_raw: Hex) => this.fail();
  receipt = async () => this.fail();
  waitForReceipt = async () => this.fail();
  nonce = async () => this.fail();
  send = async (_call: unknown, _account?: LocalAccount) => this.fail();
  head = async () => this.fail();
  block = async (_number: bigint) => this.fail();
  hasCode = async (_address: Address) => this.fail();
  balanceOf = async () => this.fail();
  read = async <T>(): Promise<T> => this.fail();
  suite = async () => this.fail();
  transfers = async () => this.fail();
  fund = async () => this.fail();
  async health(): Promise<ChainHealth> {
    return { ok: false, kind: this.kind, chainId: this.chainId, head: null, detail: this.why };
  }
  async ready(): Promise<void> {}
  async close(): Promise<void> {}
}

/**
 * The configured chain, opened in the background: the app listens and answers while the embedded node starts
 * (spawning anvil, loading its state, funding the signer: seconds), or while an RPC node is first asked. Every call
 * waits for the opened port; `health` says "starting" meanwhile (never ok); the outbox records requests at once
 * and sends once `ready`. Null with `CHAIN=off`.
 */
export function openChainInBackground(
  config: { chain: ChainConfig; dataDir: string },
  keys: ChainKeys,
  logger: Logger,
): ChainPort | null {
  const { chain } = config;
  if (chain.kind === 'off') return null;
  const chainId = chain.kind === 'anvil' ? ANVIL_CHAIN_ID : chain.chainId!;
  return new StartingChain(
    chain.kind,
    chainId,
    openChain(config, keys, logger).then((port) => port!),
  );
}

/** A chain port being opened: each call waits for the port `opening` gives (which never fails: see openChain). */
export class StartingChain implements ChainPort {
  private port: ChainPort | null = null;

  constructor(
    readonly kind: ChainKind,
    readonly chainId: number,
    private readonly opening: Promise<ChainPort>,
  ) {
    opening.then((port) => (this.port = port));
  }

  /** The port once opened (tests reach the embedded node's own controls through it), else null. */
  get opened(): ChainPort | null {
    return this.port;
  }

  /** Known once opened; asked for before (a view, a proof check), the chain is as good as unavailable. */
  get signer(): Address {
    if (!this.port) throw new ChainUnavailableError(STARTING);
    return this.port.signer;
  }

  private async on<T>(call: (port: ChainPort) => Promise<T>): Promise<T> {
    return call(this.port ?? (await this.opening));
  }

  prepare: ChainPort['prepare'] = (call, account) => this.on((p) => p.prepare(call, account));
  sign: ChainPort['sign'] = (prepared, nonce, account) => this.on((p) => p.sign(prepared, nonce, account));
  broadcast: ChainPort['broadcast'] = (raw) => this.on((p) => p.broadcast(raw));
  receipt: ChainPort['receipt'] = (hash) => this.on((p) => p.receipt(hash));
  waitForReceipt: ChainPort['waitForReceipt'] = (hash, timeoutMs) => this.on((p) => p.waitForReceipt(hash, timeoutMs));
  nonce: ChainPort['nonce'] = (address, block) => this.on((p) => p.nonce(address, block));
  send: ChainPort['send'] = (call, account) => this.on((p) => p.send(call, account));
  head: ChainPort['head'] = () => this.on((p) => p.head());
  block: ChainPort['block'] = (number) => this.on((p) => p.block(number));
  hasCode: ChainPort['hasCode'] = (address) => this.on((p) => p.hasCode(address));
  balanceOf: ChainPort['balanceOf'] = (token, holder) => this.on((p) => p.balanceOf(token, holder));
  read<T>(...args: Parameters<ChainPort['read']>): Promise<T> {
    return this.on((p) => p.read<T>(...args));
  }
  suite: ChainPort['suite'] = (factory, salt) => this.on((p) => p.suite(factory, salt));
  transfers: ChainPort['transfers'] = (tokens, from, to) => this.on((p) => p.transfers(tokens, from, to));
  fund: ChainPort['fund'] = (address, wei) => this.on((p) => p.fund(address, wei));

  async health(): Promise<ChainHealth> {
    if (this.port) return this.port.health();
    return { ok: false, starting: true, kind: this.kind, chainId: this.chainId, head: null, detail: STARTING };
  }

  async ready(): Promise<void> {
    await this.on((p) => p.ready());
  }

  /** A close during the start waits for it, so that no node is left running. */
  async close(): Promise<void> {
    await this.on((p) => p.close());
  }
}

const STARTING = 'the chain is starting';
