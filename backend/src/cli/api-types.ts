import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { API_TYPES_FILE, generateApiTypes } from '../api-types.js';

/** npm run api-types — regenerates the frontend's API types from the backend's OpenAPI document. */
writeFileSync(API_TYPES_FILE, await generateApiTypes());
console.log(`wrote ${relative(process.cwd(), API_TYPES_FILE)}`);
