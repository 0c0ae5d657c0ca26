import { ourLanguagesOf, serviceCodeOf, sourceLanguageOf } from './translation-languages';

describe('translation languages', () => {
  it('offers ours that the service knows, English as EN-GB', () => {
    const offered = [{ code: 'en', name: 'English' }, { code: 'fr', name: 'French' }, { code: 'it', name: 'Italian' }, { code: 'de', name: 'German' }];
    expect(ourLanguagesOf(offered)).toEqual([
      { code: 'de', label: 'DE' },
      { code: 'en', label: 'EN-GB' },
      { code: 'fr', label: 'FR' },
    ]);
    expect(ourLanguagesOf([])).toEqual([]);
  });

  it("maps to the service's codes and back", () => {
    expect(serviceCodeOf('en')).toBe('en');
    expect(serviceCodeOf('en', [{ code: 'en-GB', name: 'English (UK)' }])).toBe('en-GB');
    expect(sourceLanguageOf('en-GB')).toBe('en');
    expect(sourceLanguageOf('it')).toBe('it');
    expect(sourceLanguageOf(null)).toBeNull();
  });
});
