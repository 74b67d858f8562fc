/**
 * Extraction: reading business directories (sources file, polite fetcher, page workers, the
 * pipeline, the sample directory) and the paid run that bills and stores what it found. Other
 * modules use only what this file exports.
 */
export { ScrapingService, type ExtractionEvents, type RunAnswer, type ScrapingSetup } from './extractionService';
export { findTask } from './taskRepository';
export { PageReader, type PageReaderOptions } from './pages';
export { PoliteFetcher, type FetcherOptions } from './fetcher';
export { loadSourcesFile, parseSources, SourcesFileError, type SourceConfig } from './sources';
export { startSampleDirectory, type SampleDirectory } from './sampleDirectory';
export { cancelScrapingTask, createScrapingTask, getScrapingTask, listScrapingTasks, runScraping } from './extractionHandlers';
export { startTaskWorkers, TASK_QUEUE, type TaskWorkerOptions, type TaskWorkers } from './taskWorkers';
