'use strict';
// Tests only. @fastify/static requires content-disposition 3, an ES module, for reply.download (which the app does
// not use); Node runs that require, but Jest's ESM mode on Node 20 cannot. This CommonJS stand-in has its API.
function create(filename, options) {
  const type = options?.type || 'attachment';
  if (filename === undefined) return type;
  const name = String(filename).split(/[\\/]/).pop();
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '?');
  if (ascii === name) return `${type}; filename="${name}"`;
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
module.exports = Object.assign(create, { create, default: create });
