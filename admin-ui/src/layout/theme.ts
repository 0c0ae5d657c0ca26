import { defaultLightTheme, type RaThemeOptions } from 'react-admin';
import type { Theme } from '@mui/material/styles';

/**
 * The member console's brand (member-ui/src/styles.css, `:root`): one teal accent on calm neutrals,
 * system fonts, 10 px corners. Copied rather than imported because the member console's CSS is not a
 * module; a unit test compares these values with the stylesheet so that the two cannot drift apart.
 */
export const BRAND = {
  accent: '#2f6f6a',
  accentStrong: '#245753',
  accentSoft: '#e6f0ef',
  text: '#1f2a2e',
  muted: '#5f6b70',
  line: '#e1e5e8',
  surface: '#ffffff',
  canvas: '#f5f6f7',
  danger: '#b3261e',
  success: '#1e7a46',
  busy: '#d9822b',
  radius: 10,
  buttonRadius: 8,
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  fontSize: 15,
  headerHeight: 60,
} as const;

/**
 * react-admin's default theme in the member console's colours and type. The member console has only a
 * light scheme, so the administration offers no dark one either (the two should look like one product).
 */
export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: {
    mode: 'light',
    primary: { main: BRAND.accent, dark: BRAND.accentStrong, light: BRAND.accentSoft, contrastText: '#ffffff' },
    secondary: { main: BRAND.accentStrong, contrastText: '#ffffff' },
    error: { main: BRAND.danger },
    success: { main: BRAND.success },
    warning: { main: BRAND.busy },
    text: { primary: BRAND.text, secondary: BRAND.muted },
    background: { default: BRAND.canvas, paper: BRAND.surface },
    divider: BRAND.line,
  },
  shape: { borderRadius: BRAND.radius },
  typography: {
    ...defaultLightTheme.typography,
    fontFamily: BRAND.fontFamily,
    fontSize: BRAND.fontSize,
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    ...defaultLightTheme.components,
    RaToolbar: { styleOverrides: { root: { backgroundColor: BRAND.canvas } } },
    // react-admin lets the page grow to its widest child (min-width: fit-content); on a phone the page
    // keeps the screen's width and a wide child (the settings tabs) scrolls inside itself instead
    RaLayout: {
      styleOverrides: {
        root: ({ theme }: { theme: Theme }) => ({
          [theme.breakpoints.down('md')]: { minWidth: 0, '& .RaLayout-content': { minWidth: 0 } },
        }),
      },
    },
    // on a phone the language switcher shrinks to its icon, leaving the app bar to the network and page
    // names; the language's name stays in the button's text for screen readers
    RaLocalesMenuButton: {
      styleOverrides: {
        root: ({ theme }: { theme: Theme }) => ({
          [theme.breakpoints.down('sm')]: {
            '& .MuiButton-root': { minWidth: 0, fontSize: 0, padding: 6 },
            '& .MuiButton-startIcon': { margin: 0 },
            '& .MuiButton-endIcon': { display: 'none' },
          },
        }),
      },
    },
    MuiAppBar: {
      defaultProps: { elevation: 0, color: 'inherit' },
      styleOverrides: {
        root: { backgroundColor: BRAND.surface, color: BRAND.text, borderBottom: `1px solid ${BRAND.line}` },
      },
    },
    MuiButton: { styleOverrides: { root: { borderRadius: BRAND.buttonRadius } } },
    MuiPaper: { styleOverrides: { rounded: { borderRadius: BRAND.radius } } },
    RaMenuItemLink: {
      styleOverrides: {
        root: {
          borderRadius: BRAND.buttonRadius,
          '&.RaMenuItemLink-active': { backgroundColor: BRAND.accentSoft, color: BRAND.accent, fontWeight: 600 },
          '&.RaMenuItemLink-active .RaMenuItemLink-icon': { color: BRAND.accent },
        },
      },
    },
  },
};
