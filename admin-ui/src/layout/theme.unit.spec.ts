import { createTheme } from '@mui/material/styles';
import { BRAND, lightTheme } from './theme';

// react-admin's CommonJS build requires react-hotkeys-hook, which ships only as an ES module; no hotkeys here
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => ({ current: null }) }));

// The console's types are the browser's; these two node modules are typed here for the one file read.
const { readFileSync } = jest.requireActual<{ readFileSync: (path: string, encoding: 'utf8') => string }>('node:fs');
const { dirname, join } = jest.requireActual<{ dirname: (path: string) => string; join: (...parts: string[]) => string }>('node:path');

/** member-ui/src/styles.css, found from this spec's own path */
const memberStylesheet = (): string =>
  readFileSync(join(dirname(expect.getState().testPath ?? ''), '../../../member-ui/src/styles.css'), 'utf8');

/** The member console's `:root` custom properties, read from its stylesheet. */
const memberConsoleVariables = (): Map<string, string> => {
  const css = memberStylesheet();
  const root = /:root\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
  return new Map([...root.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)].map((match) => [match[1] ?? '', (match[2] ?? '').trim()]));
};
const memberFontFamily = (): string => {
  const css = memberStylesheet();
  return /:root\s*\{[^}]*font-family:\s*([^;]+);/.exec(css)?.[1]?.trim() ?? '';
};

describe('the administration theme', () => {
  const variables = memberConsoleVariables();
  const theme = createTheme(lightTheme);

  it("uses the member console's primary colour", () => {
    expect(variables.get('--accent')).toBe('#2f6f6a');
    expect(theme.palette.primary.main).toBe(variables.get('--accent'));
    expect(theme.palette.primary.dark).toBe(variables.get('--accent-strong'));
  });

  it("keeps the member console's neutrals, corners and fonts", () => {
    expect(theme.palette.text.primary).toBe(variables.get('--text'));
    expect(theme.palette.text.secondary).toBe(variables.get('--muted'));
    expect(theme.palette.background.default).toBe(variables.get('--canvas'));
    expect(theme.palette.background.paper).toBe(variables.get('--surface'));
    expect(theme.palette.error.main).toBe(variables.get('--danger'));
    expect(`${theme.shape.borderRadius}px`).toBe(variables.get('--radius'));
    expect(theme.typography.fontFamily).toBe(memberFontFamily());
  });

  it('is light only, like the member console', () => {
    expect(theme.palette.mode).toBe('light');
    expect(BRAND.accent).toBe(theme.palette.primary.main);
  });
});
