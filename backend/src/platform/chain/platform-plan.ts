import type { Address } from 'viem';
import type { ChainPort } from './chain.js';
import type { ChainCall, ContractName, PlatformContracts } from './contracts.js';

const zeroAddress: Address = '0x0000000000000000000000000000000000000000';
/**
 * Calldata of CountryAllowModule's `initialize()`: its selector, keccak256('initialize()')[0..4] (chain.spec.ts checks
 * it against viem's encoding). A constant, so that planning steps needs neither viem nor the artifacts.
 */
export const INITIALIZE_CALL = '0x8129fc1c';

/**
 * The platform's one-time set-up on a chain, one transaction per step, in this order (the order of T-REX's own
 * deployment fixture): the six implementations, the implementation authority and its version, the factory, a
 * shared claim-topics registry, trusted-issuers registry and identity registry storage, Kauri's identity registry
 * bound to that storage with the signer as its agent, the storage handed to the factory (which binds each new
 * token's registry to it), and the compliance modules. Steps only depend on steps before them.
 */
export const PLATFORM_STEPS = [
  'token-implementation',
  'ctr-implementation',
  'ir-implementation',
  'irs-implementation',
  'tir-implementation',
  'mc-implementation',
  'implementation-authority',
  'trex-version',
  'factory',
  'claim-topics-registry',
  'trusted-issuers-registry',
  'identity-registry-storage',
  'identity-registry',
  'bind-identity-registry',
  'identity-registry-agent',
  'storage-to-factory',
  'country-allow-implementation',
  'country-allow-module',
  'holding-rules-module',
] as const;
export type PlatformStep = (typeof PLATFORM_STEPS)[number];

/**
 * The NZD stablecoin distributions are paid in, on the embedded chain: Kauri's test coin (`KauriTestNZD`, two
 * decimals, minted by the signer), deployed through the outbox as the platform's contracts are — once per chain,
 * transaction id `stablecoin` — when the first distribution is paid in it (so a platform set up before the coin
 * existed gets it without replaying its set-up). On a real network the coin is configuration (`STABLECOIN_ADDRESS`)
 * and nothing is deployed or minted.
 */
export const STABLECOIN_TX = 'stablecoin';
export const stablecoinCall = (signer: Address): ChainCall => ({
  op: 'deploy',
  contract: 'KauriTestNZD',
  args: [signer],
});

/**
 * T-REX's DVDTransferManager, the delivery-versus-payment settlement of transfers between investors (issue 32):
 * deployed through the outbox once per chain, transaction id `dvd-manager`, asked for by the first settlement.
 */
export const DVD_MANAGER_TX = 'dvd-manager';
export const dvdManagerCall = (): ChainCall => ({ op: 'deploy', contract: 'DVDTransferManager', args: [] });

/** Addresses of the contracts deployed by earlier steps (a deployment step's own address once it is mined). */
export type PlatformAddresses = ReadonlyMap<PlatformStep, Address>;

/** The call of one step, given what earlier steps deployed. Pure. */
export function platformCall(step: PlatformStep, done: PlatformAddresses, signer: Address): ChainCall {
  const at = (s: PlatformStep): Address => {
    const found = done.get(s);
    if (!found) throw new Error(`platform step ${step} needs ${s} first`);
    return found;
  };
  const deploy = (contract: ContractName, args: readonly unknown[] = []): ChainCall => ({
    op: 'deploy',
    contract,
    args,
  });
  switch (step) {
    case 'token-implementation':
      return deploy('Token');
    case 'ctr-implementation':
      return deploy('ClaimTopicsRegistry');
    case 'ir-implementation':
      return deploy('IdentityRegistry');
    case 'irs-implementation':
      return deploy('IdentityRegistryStorage');
    case 'tir-implementation':
      return deploy('TrustedIssuersRegistry');
    case 'mc-implementation':
      return deploy('ModularCompliance');
    case 'implementation-authority':
      return deploy('ImplementationAuthority', [true, zeroAddress, zeroAddress]);
    case 'trex-version':
      return {
        op: 'use-trex-version',
        authority: at('implementation-authority'),
        implementations: {
          token: at('token-implementation'),
          ctr: at('ctr-implementation'),
          ir: at('ir-implementation'),
          irs: at('irs-implementation'),
          tir: at('tir-implementation'),
          mc: at('mc-implementation'),
        },
      };
    case 'factory':
      // The second argument is the ONCHAINID factory, which T-REX calls only for a token deployed without an
      // identity; Kauri always deploys the token's identity first, and the factory only requires a non-zero value.
      return deploy('Factory', [at('implementation-authority'), signer]);
    case 'claim-topics-registry':
      return deploy('ClaimTopicsRegistryProxy', [at('implementation-authority')]);
    case 'trusted-issuers-registry':
      return deploy('TrustedIssuersRegistryProxy', [at('implementation-authority')]);
    case 'identity-registry-storage':
      return deploy('IdentityRegistryStorageProxy', [at('implementation-authority')]);
    case 'identity-registry':
      return deploy('IdentityRegistryProxy', [
        at('implementation-authority'),
        at('trusted-issuers-registry'),
        at('claim-topics-registry'),
        at('identity-registry-storage'),
      ]);
    case 'bind-identity-registry':
      return {
        op: 'bind-identity-registry',
        storage: at('identity-registry-storage'),
        registry: at('identity-registry'),
      };
    case 'identity-registry-agent':
      return { op: 'add-agent', target: at('identity-registry'), agent: signer };
    case 'storage-to-factory':
      return { op: 'transfer-ownership', target: at('identity-registry-storage'), owner: at('factory') };
    case 'country-allow-implementation':
      return deploy('CountryAllowModule');
    case 'country-allow-module':
      return deploy('ModuleProxy', [at('country-allow-implementation'), INITIALIZE_CALL]);
    case 'holding-rules-module':
      return deploy('HoldingRulesModule');
    default: {
      const _exhaustive: never = step;
      throw new Error(`unknown platform step ${String(_exhaustive)}`);
    }
  }
}

/** The contracts every token uses, read from the steps' addresses (the caller knows every step is done). */
export function platformContracts(done: PlatformAddresses): PlatformContracts {
  const at = (s: PlatformStep) => done.get(s) ?? zeroAddress;
  return {
    implementationAuthority: at('implementation-authority'),
    factory: at('factory'),
    identityRegistryStorage: at('identity-registry-storage'),
    identityRegistry: at('identity-registry'),
    countryAllowModule: at('country-allow-module'),
    holdingRulesModule: at('holding-rules-module'),
  };
}

/** Runs every step straight through the port (tests and tools; the app goes through the outbox). */
export async function deployPlatform(chain: ChainPort): Promise<PlatformContracts> {
  const done = new Map<PlatformStep, Address>();
  for (const step of PLATFORM_STEPS) {
    const receipt = await chain.send(platformCall(step, done, chain.signer));
    if (receipt.contractAddress) done.set(step, receipt.contractAddress);
  }
  return platformContracts(done);
}
