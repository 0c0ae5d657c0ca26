import type { Response } from 'express';
import { HttpProblem } from './problems';

/** ra-data-simple-rest lists: `?sort=["f","ASC"]&range=[0,24]&filter={...}`, answered with Content-Range. */
export interface ListQuery {
  sort?: [string, 'ASC' | 'DESC'];
  range: [number, number];
  filter: Record<string, unknown>;
}

const DEFAULT_RANGE: [number, number] = [0, 24];
const MAX_PAGE = 1000;

const parseJson = (field: string, raw: unknown): unknown => {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') throw new HttpProblem(400, 'validation_failed', [{ field, key: 'invalid_format' }]);
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new HttpProblem(400, 'validation_failed', [{ field, key: 'invalid_format' }]);
  }
};

const invalid = (field: string): HttpProblem => new HttpProblem(400, 'validation_failed', [{ field, key: 'invalid_format' }]);

export const parseListQuery = (query: Record<string, unknown>): ListQuery => {
  const sort = parseJson('sort', query['sort']);
  const range = parseJson('range', query['range']);
  const filter = parseJson('filter', query['filter']);
  const result: ListQuery = { range: DEFAULT_RANGE, filter: {} };
  if (sort !== undefined) {
    if (!Array.isArray(sort) || typeof sort[0] !== 'string' || (sort[1] !== 'ASC' && sort[1] !== 'DESC')) throw invalid('sort');
    result.sort = [sort[0], sort[1]];
  }
  if (range !== undefined) {
    if (
      !Array.isArray(range) ||
      !Number.isSafeInteger(range[0]) ||
      !Number.isSafeInteger(range[1]) ||
      range[0] < 0 ||
      range[1] < range[0] ||
      range[1] - range[0] >= MAX_PAGE
    )
      throw invalid('range');
    result.range = [range[0] as number, range[1] as number];
  }
  if (filter !== undefined) {
    if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) throw invalid('filter');
    result.filter = filter as Record<string, unknown>;
  }
  return result;
};

export const sendList = <T>(res: Response, resource: string, items: T[], range: [number, number], total: number): T[] => {
  const span = items.length === 0 ? '*' : `${range[0]}-${range[0] + items.length - 1}`;
  res.setHeader('Content-Range', `${resource} ${span}/${total}`);
  res.setHeader('Access-Control-Expose-Headers', 'Content-Range, X-Consistency-Position');
  return items;
};
