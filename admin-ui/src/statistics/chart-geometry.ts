/** The geometry of the SVG charts: pure, so that it is tested without a browser. */
export const WIDTH = 720;
export const HEIGHT = 220;
export const PAD = { left: 44, right: 12, top: 12, bottom: 28 };

/** a round top for the axis: 1, 2 or 5 times a power of ten */
export const niceMax = (value: number): number => {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((factor) => factor * power >= value) ?? 10;
  return step * power;
};

/** the points of a series as an SVG path, days evenly spread across the plot */
export const linePath = (values: readonly number[], max: number): string => {
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const step = values.length > 1 ? plotWidth / (values.length - 1) : 0;
  return values
    .map((value, index) => `${index === 0 ? 'M' : 'L'}${(PAD.left + index * step).toFixed(1)},${(PAD.top + plotHeight - (value / max) * plotHeight).toFixed(1)}`)
    .join(' ');
};

