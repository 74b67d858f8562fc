import type { RequestHandler } from 'express';
import { principalOf } from '../accounts';
import type { ScrapingService } from './extractionService';
import type { ScrapingRunRequest } from '../platform/types';

export function runScraping(scraping: ScrapingService): RequestHandler {
  return async (req, res) => {
    const answer = await scraping.run(principalOf(req), req.body as ScrapingRunRequest, req.get('idempotency-key'));
    if (answer.replayed) res.setHeader('Idempotent-Replayed', 'true');
    res.status(answer.status).json(answer.body);
  };
}

export function getScrapingTask(scraping: ScrapingService): RequestHandler {
  return async (req, res) => {
    res.json(await scraping.task(principalOf(req), String(req.params.task_id)));
  };
}
