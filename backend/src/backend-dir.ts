import { fileURLToPath } from 'node:url';

/**
 * The backend's folder. This file is one folder below it in src/, in tsc's dist/ and, inlined into whichever chunk,
 * in the bundle (bundle/ is flat): a module deeper down finds backend's own files from here, not from its own URL.
 */
export const BACKEND_DIR = fileURLToPath(new URL('../', import.meta.url));
