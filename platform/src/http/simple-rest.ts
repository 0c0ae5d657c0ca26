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
const unknownName = (field: string): HttpProblem => new HttpProblem(400, 'validation_failed', [{ field, key: 'invalid_value' }]);

/**
 * What a list accepts: its sort fields (mapped to what the store sorts by) and its filter names. Names are
 * looked up as own properties only, so `__proto__`, `constructor` and the like are unknown names (400), never
 * something inherited from Object.prototype.
 */
export interface ListShape<S> {
  sortFields: Readonly<Record<string, S>>;
  filters: readonly string[];
}

export interface ShapedListQuery<S> {
  /** the mapped sort field, or undefined when the query names none */
  sort?: [S, 'ASC' | 'DESC'];
  range: [number, number];
  filter: Record<string, unknown>;
}

/** the value of an own property only: client input never reaches Object.prototype */
export const ownValue = <T>(map: Readonly<Record<string, T>>, key: string): T | undefined => (Object.hasOwn(map, key) ? map[key] : undefined);

export const parseListQuery = <S>(query: Record<string, unknown>, shape: ListShape<S>): ShapedListQuery<S> => {
  const parsed = parseRawListQuery(query);
  for (const name of Object.keys(parsed.filter)) if (!shape.filters.includes(name)) throw unknownName('filter');
  if (!parsed.sort) return { range: parsed.range, filter: parsed.filter };
  const mapped = ownValue(shape.sortFields, parsed.sort[0]);
  if (mapped === undefined) throw unknownName('sort');
  return { sort: [mapped, parsed.sort[1]], range: parsed.range, filter: parsed.filter };
};

const parseRawListQuery = (query: Record<string, unknown>): ListQuery => {
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
    // a plain object without a prototype: filter['constructor'] and friends are absent, not inherited
    result.filter = Object.assign(Object.create(null) as Record<string, unknown>, filter);
  }
  return result;
};

export const sendList = <T>(res: Response, resource: string, items: T[], range: [number, number], total: number): T[] => {
  const span = items.length === 0 ? '*' : `${range[0]}-${range[0] + items.length - 1}`;
  res.setHeader('Content-Range', `${resource} ${span}/${total}`);
  res.setHeader('Access-Control-Expose-Headers', 'Content-Range, X-Consistency-Position, X-Read-Position');
  return items;
};
