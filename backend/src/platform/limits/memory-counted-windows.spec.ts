import { MemoryCountedWindows } from './counted-windows.js';
import { describeCountedWindowsContract } from './counted-windows.contract.js';

describeCountedWindowsContract('memory', async () => new MemoryCountedWindows());
