import { createRequire } from 'node:module';
import { join } from 'node:path';
import {
  encodeAbiParameters,
  encodeDeployData,
  encodeFunctionData,
  keccak256,
  type Abi,
  type Address,
  type Hex,
} from 'viem';
import { BACKEND_DIR } from '../../backend-dir.js';
import { NEW_ZEALAND, TREX_VERSION, type ChainCall, type ContractName } from './contracts.js';

/**
 * The compiled contracts and the encoding of a `ChainCall` into a transaction. Apart from ./contracts.ts so that
 * an app without a chain loads neither viem nor the artifacts (several megabytes of JSON).
 */
interface Artifact {
  abi: Abi;
  bytecode: Hex;
}
const require = createRequire(import.meta.url);
const trex = (path: string): Artifact => require(`@tokenysolutions/t-rex/artifacts/${path}`) as Artifact;
const own = (name: string): Artifact =>
  require(join(BACKEND_DIR, 'contracts', 'artifacts', `${name}.json`)) as Artifact;

export const ARTIFACTS: Record<ContractName, Artifact> = {
  Token: trex('contracts/token/Token.sol/Token.json'),
  ClaimTopicsRegistry: trex('contracts/registry/implementation/ClaimTopicsRegistry.sol/ClaimTopicsRegistry.json'),
  TrustedIssuersRegistry: trex(
    'contracts/registry/implementation/TrustedIssuersRegistry.sol/TrustedIssuersRegistry.json',
  ),
  IdentityRegistryStorage: trex(
    'contracts/registry/implementation/IdentityRegistryStorage.sol/IdentityRegistryStorage.json',
  ),
  IdentityRegistry: trex('contracts/registry/implementation/IdentityRegistry.sol/IdentityRegistry.json'),
  ModularCompliance: trex('contracts/compliance/modular/ModularCompliance.sol/ModularCompliance.json'),
  ImplementationAuthority: trex(
    'contracts/proxy/authority/TREXImplementationAuthority.sol/TREXImplementationAuthority.json',
  ),
  Factory: trex('contracts/factory/TREXFactory.sol/TREXFactory.json'),
  ClaimTopicsRegistryProxy: trex('contracts/proxy/ClaimTopicsRegistryProxy.sol/ClaimTopicsRegistryProxy.json'),
  TrustedIssuersRegistryProxy: trex('contracts/proxy/TrustedIssuersRegistryProxy.sol/TrustedIssuersRegistryProxy.json'),
  IdentityRegistryStorageProxy: trex(
    'contracts/proxy/IdentityRegistryStorageProxy.sol/IdentityRegistryStorageProxy.json',
  ),
  IdentityRegistryProxy: trex('contracts/proxy/IdentityRegistryProxy.sol/IdentityRegistryProxy.json'),
  CountryAllowModule: trex('contracts/compliance/modular/modules/CountryAllowModule.sol/CountryAllowModule.json'),
  ModuleProxy: trex('contracts/compliance/modular/modules/ModuleProxy.sol/ModuleProxy.json'),
  /** ONCHAINID (`@onchain-id/solidity`, shipped inside the T-REX package): one identity contract per holder. */
  Identity: trex('@onchain-id/solidity/contracts/Identity.sol/Identity.json'),
  HoldingRulesModule: own('HoldingRulesModule'),
  KauriTestNZD: own('KauriTestNZD'),
  DVDTransferManager: trex('contracts/DVD/DVDTransferManager.sol/DVDTransferManager.json'),
};

const abi = (name: ContractName) => ARTIFACTS[name].abi;

/** `to` (null for a contract creation) and `data` of a call. Pure. */
export function encodeCall(call: ChainCall): { to: Address | null; data: Hex } {
  const fn = (contract: ContractName, to: Address, functionName: string, args: readonly unknown[] = []) => ({
    to,
    data: encodeFunctionData({ abi: abi(contract), functionName, args }),
  });
  switch (call.op) {
    case 'deploy':
      return {
        to: null,
        data: encodeDeployData({
          abi: abi(call.contract),
          bytecode: ARTIFACTS[call.contract].bytecode,
          args: call.args,
        }),
      };
    case 'use-trex-version': {
      const i = call.implementations;
      return fn('ImplementationAuthority', call.authority, 'addAndUseTREXVersion', [
        TREX_VERSION,
        {
          tokenImplementation: i.token,
          ctrImplementation: i.ctr,
          irImplementation: i.ir,
          irsImplementation: i.irs,
          tirImplementation: i.tir,
          mcImplementation: i.mc,
        },
      ]);
    }
    case 'bind-identity-registry':
      return fn('IdentityRegistryStorage', call.storage, 'bindIdentityRegistry', [call.registry]);
    case 'add-agent':
      return fn('Token', call.target, 'addAgent', [call.agent]);
    case 'transfer-ownership':
      return fn('Token', call.target, 'transferOwnership', [call.owner]);
    case 'deploy-suite': {
      const settings = [
        encodeFunctionData({ abi: abi('CountryAllowModule'), functionName: 'addAllowedCountry', args: [NEW_ZEALAND] }),
        encodeFunctionData({
          abi: abi('HoldingRulesModule'),
          functionName: 'setMaxHolders',
          args: [BigInt(call.maxHolders)],
        }),
      ];
      return fn('Factory', call.factory, 'deployTREXSuite', [
        call.salt,
        {
          owner: call.owner,
          name: call.name,
          symbol: call.symbol,
          decimals: call.decimals,
          irs: call.storage,
          ONCHAINID: call.onchainId,
          irAgents: [call.owner],
          tokenAgents: [call.owner],
          complianceModules: [call.countryAllowModule, call.holdingRulesModule],
          complianceSettings: settings,
        },
        // No claim topics: the registry itself is the allow-list (only verified wholesale investors are in it).
        { claimTopics: [], issuers: [], issuerClaims: [] },
      ]);
    }
    case 'register-identity':
      return fn('IdentityRegistry', call.registry, 'registerIdentity', [call.wallet, call.identity, call.country]);
    case 'delete-identity':
      return fn('IdentityRegistry', call.registry, 'deleteIdentity', [call.wallet]);
    case 'mint':
      return fn('Token', call.token, 'mint', [call.to, call.amount]);
    case 'burn':
      return fn('Token', call.token, 'burn', [call.from, call.amount]);
    case 'forced-transfer':
      return fn('Token', call.token, 'forcedTransfer', [call.from, call.to, call.amount]);
    case 'transfer':
      return fn('Token', call.token, 'transfer', [call.to, call.amount]);
    case 'set-frozen':
      return fn('Token', call.token, 'setAddressFrozen', [call.wallet, call.frozen]);
    case 'freeze-tokens':
      return fn('Token', call.token, 'freezePartialTokens', [call.wallet, call.amount]);
    case 'unfreeze-tokens':
      return fn('Token', call.token, 'unfreezePartialTokens', [call.wallet, call.amount]);
    case 'recover':
      return fn('Token', call.token, 'recoveryAddress', [call.lostWallet, call.newWallet, call.identity]);
    case 'add-identity-key':
      // Purpose 1 (management), type 1 (ECDSA): what T-REX's recovery checks for the new wallet.
      return fn('Identity', call.identity, 'addKey', [walletKey(call.wallet), 1n, 1n]);
    case 'pause':
      return fn('Token', call.token, 'pause');
    case 'unpause':
      return fn('Token', call.token, 'unpause');
    case 'lock-until': {
      const inner = encodeFunctionData({
        abi: abi('HoldingRulesModule'),
        functionName: 'lockUntil',
        args: [call.holder, call.until],
      });
      return fn('ModularCompliance', call.compliance, 'callModuleFunction', [inner, call.module]);
    }
    case 'batch-forced-transfer':
      return fn('Token', call.token, 'batchForcedTransfer', [call.from, call.to, call.amounts]);
    case 'batch-mint':
      return fn('Token', call.token, 'batchMint', [call.to, call.amounts]);
    case 'batch-register-identity':
      return fn('IdentityRegistry', call.registry, 'batchRegisterIdentity', [
        call.wallets,
        call.identities,
        call.countries,
      ]);
    case 'batch-lock-until': {
      const inner = encodeFunctionData({
        abi: abi('HoldingRulesModule'),
        functionName: 'batchLockUntil',
        args: [call.holders, call.until],
      });
      return fn('ModularCompliance', call.compliance, 'callModuleFunction', [inner, call.module]);
    }
    case 'erc20-approve':
      return fn('KauriTestNZD', call.token, 'approve', [call.spender, call.amount]);
    case 'dvd-initiate':
      return fn('DVDTransferManager', call.manager, 'initiateDVDTransfer', [
        call.token1,
        call.amount1,
        call.counterpart,
        call.token2,
        call.amount2,
      ]);
    case 'dvd-take':
      return fn('DVDTransferManager', call.manager, 'takeDVDTransfer', [call.transferId]);
    case 'dvd-cancel':
      return fn('DVDTransferManager', call.manager, 'cancelDVDTransfer', [call.transferId]);
    default: {
      const _exhaustive: never = call;
      throw new Error(`unknown chain call ${JSON.stringify(_exhaustive)}`);
    }
  }
}

/** ONCHAINID keys are keccak256(abi.encode(address)). */
export function walletKey(wallet: Address): Hex {
  return keccak256(encodeAbiParameters([{ type: 'address' }], [wallet]));
}
