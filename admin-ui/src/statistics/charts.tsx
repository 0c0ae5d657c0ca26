import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { HEIGHT, linePath, niceMax, PAD, WIDTH } from './chart-geometry';

export interface Series {
  /** an i18n key */
  label: string;
  color: string;
  values: readonly number[];
}

/**
 * A line chart drawn as SVG (no chart library is installed): one line per series over the days, a y axis
 * with its top and middle, the first and last day under the x axis, and a legend.
 */
export const LineChart = ({ title, dates, series, testId }: { title: string; dates: readonly string[]; series: readonly Series[]; testId: string }) => {
  const translate = useTranslate();
  const max = niceMax(Math.max(0, ...series.flatMap((entry) => entry.values)));
  const bottom = HEIGHT - PAD.bottom;
  return (
    <Box sx={{ mb: 3 }} data-testid={testId}>
      <Typography variant="subtitle1">{translate(title)}</Typography>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" role="img" aria-label={translate(title)} style={{ maxWidth: WIDTH }}>
        {[0, 0.5, 1].map((fraction) => {
          const y = PAD.top + (bottom - PAD.top) * (1 - fraction);
          return (
            <g key={fraction}>
              <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y} y2={y} stroke="#ddd" />
              <text x={PAD.left - 6} y={y + 4} fontSize="11" textAnchor="end" fill="#666">
                {Math.round(max * fraction)}
              </text>
            </g>
          );
        })}
        <text x={PAD.left} y={HEIGHT - 8} fontSize="11" fill="#666">
          {dates[0] ?? ''}
        </text>
        <text x={WIDTH - PAD.right} y={HEIGHT - 8} fontSize="11" textAnchor="end" fill="#666">
          {dates[dates.length - 1] ?? ''}
        </text>
        {series.map((entry) => (
          <path key={entry.label} d={linePath(entry.values, max)} fill="none" stroke={entry.color} strokeWidth="2" data-series={entry.label} />
        ))}
      </svg>
      <Box sx={{ display: 'flex', gap: 2 }}>
        {series.map((entry) => (
          <Typography key={entry.label} variant="body2" sx={{ color: entry.color }}>
            ■ {translate(entry.label)}: {entry.values[entry.values.length - 1] ?? 0}
          </Typography>
        ))}
      </Box>
    </Box>
  );
};
