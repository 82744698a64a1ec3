// The backend's command-line tools: each is src/cli/<tool>.ts, bundled as bundle/cli-<tool>.js (rolldown.config.mjs)
// and run by `npm run <tool>` through scripts/cli.mjs.
export const TOOLS = ['admin', 'audit', 'chain', 'projections', 'api-types'];
