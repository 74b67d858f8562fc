// Entry of a page-reading worker thread when the code runs from TypeScript sources (tsx, jest):
// a worker thread does not inherit the parent's loaders, so it registers tsx itself. A compiled
// build points the pool at pageWorker.js instead (see pages.ts).
'use strict';
require('tsx/cjs');
module.exports = require('./pageWorker.ts');
