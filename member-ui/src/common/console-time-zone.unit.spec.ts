import { viewerTimeZone } from '../appointments/zoned-time';
import { consoleTimeZone, setConsoleTimeZone } from './console-time-zone';

describe("the console's time zone", () => {
  afterEach(() => setConsoleTimeZone(null));

  it("is the zone the network's answer names (the member's own, else the network's), and the browser's before it", () => {
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(consoleTimeZone()).toBe(browser);
    setConsoleTimeZone('America/New_York');
    expect(consoleTimeZone()).toBe('America/New_York');
    // the appointments' sheet, list and form tell times in it
    expect(viewerTimeZone()).toBe('America/New_York');
    setConsoleTimeZone(undefined);
    expect(consoleTimeZone()).toBe(browser);
  });

  it('formats the same instant on the wall clock of the chosen zone', () => {
    const at = new Date('2026-11-30T12:00:00Z');
    setConsoleTimeZone('America/New_York');
    expect(at.toLocaleString('en', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: consoleTimeZone() })).toBe('07:00');
    setConsoleTimeZone('Europe/Berlin');
    expect(at.toLocaleString('en', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: consoleTimeZone() })).toBe('13:00');
  });
});
