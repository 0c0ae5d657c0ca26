import { linePath, niceMax } from './chart-geometry';
import { statisticsId, statisticsPathOf } from './statistics-data-provider';

describe('statistics charts', () => {
  it('tops the axis at 1, 2 or 5 times a power of ten', () => {
    expect([0, 1, 3, 7, 12, 180, 501].map(niceMax)).toEqual([1, 1, 5, 10, 20, 200, 1000]);
  });

  it('spreads the days across the plot, the highest value at the top', () => {
    expect(linePath([0, 10], 10)).toBe('M44.0,192.0 L708.0,12.0');
    expect(linePath([5], 10)).toBe('M44.0,102.0');
  });

  it('names the range in the record id and asks the server for it', () => {
    expect(statisticsPathOf(statisticsId('2026-11-01', '2026-11-30'))).toBe('/administration/statistics?from=2026-11-01&to=2026-11-30');
  });
});
