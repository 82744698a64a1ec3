import { MemoryVault } from './vault.js';
import { describeVaultContract } from './vault.contract.js';

describeVaultContract('memory', async () => new MemoryVault());
