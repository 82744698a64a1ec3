import { describeOnMongoDb } from '../../testing/mongodb.js';
import { MongoVault } from './mongodb-vault.js';
import { describeVaultContract } from './vault.contract.js';

describeOnMongoDb('mongodb vault', 'kauri_vault', (url, database) =>
  describeVaultContract('mongodb', () => MongoVault.connect({ url, database, serverSelectionTimeoutMS: 3000 })),
);
