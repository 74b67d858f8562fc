// A page-reading worker for tests: the real one, except that a page holding the marker
// '<!-- spin -->' never ends (only ending the thread stops it), and one holding
// '<!-- crash -->' exits its thread.
'use strict';
require('tsx/cjs');
const real = require('../../pageWorker.ts');

exports.readPage = (task) => {
  if (task.html.includes('<!-- spin -->')) {
    task.started?.postMessage('started');
    for (;;);
  }
  if (task.html.includes('<!-- crash -->')) process.exit(3);
  return real.readPage(task);
};
