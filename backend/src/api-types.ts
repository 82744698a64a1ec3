import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from './app.js';
import { openApiDocument } from './openapi.js';

/** The frontend's types of the API, generated from the OpenAPI document and checked in. */
export const API_TYPES_FILE = fileURLToPath(new URL('../../frontend/src/api/schema.d.ts', import.meta.url));
export const API_TYPES_COMMAND = 'npm run api-types';

/**
 * Boots the app in-process on memory stores (nothing listens, no chain), builds its OpenAPI document and turns
 * it into TypeScript with openapi-typescript: the text `npm run api-types` writes and the suite compares.
 */
export async function generateApiTypes(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kauri-api-types-'));
  const running = await createApp({
    env: { EVENT_STORE: 'memory', READ_STORE: 'memory', CHAIN: 'off', LOG_LEVEL: 'silent', DATA_DIR: dataDir },
  });
  try {
    const document = openApiDocument(running.app);
    // Loaded here only: the generator is a development tool, never needed by the running server.
    const { default: openapiTS, astToString } = await import('openapi-typescript');
    const nodes = await openapiTS(document as Parameters<typeof openapiTS>[0], { silent: true });
    return `// Generated from the backend's OpenAPI document by \`${API_TYPES_COMMAND}\`: do not edit.\n\n${astToString(nodes)}`;
  } finally {
    await running.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
