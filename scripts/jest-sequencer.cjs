// The order Jest runs test files in: the longest first, so that both workers stay busy to the end instead of one
// running a long file alone after the other has finished. Jest orders by the durations it cached from earlier runs;
// a fresh clone has none, and Jest then orders by file size, which put the chain crash specs (80–100 s each, small
// files) among the last. Here a file's duration is Jest's own figure when it has one, else the checked-in one
// (scripts/slow-tests.json; for a group of test files, see scripts/api-groups.mjs, what its files are estimated at);
// files with neither follow, the largest first. Files that failed last time still go first.
const { readFileSync } = require('node:fs');
const { basename, join, relative } = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

const root = join(__dirname, '..');
const known = JSON.parse(readFileSync(join(__dirname, 'slow-tests.json'), 'utf8')).seconds;
const groups = process.env.KAURI_API_GROUPS
  ? JSON.parse(readFileSync(join(process.env.KAURI_API_GROUPS, 'manifest.json'), 'utf8')).groups
  : {};

class LongestFirst extends Sequencer {
  sort(tests) {
    const duration = (test) => {
      const cached = this.time(test);
      if (cached != null) return cached;
      const listed = known[relative(root, test.path)] ?? groups[basename(test.path)]?.seconds;
      return listed == null ? null : listed * 1000;
    };
    const size = (test) => test.context.hasteFS.getSize(test.path) ?? 0;
    const keyed = tests.map((test) => ({ test, failed: this.hasFailed(test), ms: duration(test), size: size(test) }));
    keyed.sort(
      (a, b) =>
        Number(b.failed) - Number(a.failed) ||
        Number(b.ms != null) - Number(a.ms != null) ||
        (b.ms ?? 0) - (a.ms ?? 0) ||
        b.size - a.size,
    );
    for (const k of keyed) k.test.duration = k.ms ?? undefined;
    return keyed.map((k) => k.test);
  }
}

module.exports = LongestFirst;
