import { readFileSync } from 'node:fs';
import { API_TYPES_COMMAND, API_TYPES_FILE, generateApiTypes } from './api-types.js';

// The frontend compiles against the checked-in types: they must be what the backend's document says today.
test('the checked-in frontend API types match the OpenAPI document', async () => {
  const generated = await generateApiTypes();
  let checkedIn = '';
  try {
    checkedIn = readFileSync(API_TYPES_FILE, 'utf8');
  } catch {
    // a missing file fails below with the same advice
  }
  if (checkedIn === generated) return;
  const was = checkedIn.split('\n');
  const now = generated.split('\n');
  const differs = now.findIndex((text, i) => text !== was[i]);
  const line = differs === -1 ? now.length : differs;
  throw new Error(
    `frontend/src/api/schema.d.ts differs from the backend's OpenAPI document (first at line ${line + 1}: ` +
      `${JSON.stringify(now[line] ?? '')}): run \`${API_TYPES_COMMAND}\` and commit the result`,
  );
});
