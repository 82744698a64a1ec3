import { describeOnMongoDb } from '../../testing/mongodb.js';
import { describeCountedWindowsContract } from './counted-windows.contract.js';
import { MongoCountedWindows } from './mongodb-counted-windows.js';

describeOnMongoDb('mongodb counted windows', 'kauri_limits', (url, database) => {
  const open = () => MongoCountedWindows.connect({ url, database, serverSelectionTimeoutMS: 3000 });
  describeCountedWindowsContract('mongodb', open, open);
});
