import type { RequestHandler } from 'express';
import { principalOf } from '../accounts';
import type { RunBody, ScrapingService } from './extractionService';
import type { ScrapingRunRequest, ScrapingTaskStatus } from '../platform/types';

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

export function createScrapingTask(scraping: ScrapingService): RequestHandler {
  return async (req, res) => {
    const answer = await scraping.submit(principalOf(req), req.body as RunBody, req.get('idempotency-key'));
    if (answer.replayed) res.setHeader('Idempotent-Replayed', 'true');
    res.setHeader('Location', `/v1/scraping/tasks/${answer.body.task_id}`);
    res.status(answer.status).json(answer.body);
  };
}

export function listScrapingTasks(scraping: ScrapingService): RequestHandler {
  return async (req, res) => {
    const { status, page, per_page } = req.query as { status?: ScrapingTaskStatus; page?: number; per_page?: number };
    res.json(await scraping.listTasks(principalOf(req), { status, page, per_page }));
  };
}

export function cancelScrapingTask(scraping: ScrapingService): RequestHandler {
  return async (req, res) => {
    res.json(await scraping.cancel(principalOf(req), String(req.params.task_id)));
  };
}
