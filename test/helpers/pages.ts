import { PageReader } from '../../src/extraction/pages';

let reader: PageReader | undefined;

/**
 * The page workers of this test process, for the runs and setups that bring none (the server's
 * own are built and closed by src/composition.ts). Threads start with the first page; the
 * process's end stops them.
 */
export function testPageReader(): PageReader {
  reader ??= new PageReader();
  return reader;
}
