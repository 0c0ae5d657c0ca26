// Deterministic member names for the search benchmark (no randomness: runs are comparable).
const FIRST = ['Anna', 'Ben', 'Clara', 'David', 'Emma', 'Felix', 'Greta', 'Hugo', 'Ida', 'Jonas', 'Klara', 'Lukas', 'Mia', 'Noah', 'Olga', 'Paul', 'Quentin', 'Rosa', 'Samuel', 'Tilda', 'Ulrich', 'Vera', 'Walter', 'Xenia', 'Yusuf', 'Zoe'];
const SYLLABLES = ['ber', 'man', 'sch', 'mid', 'wag', 'ner', 'kel', 'hof', 'lin', 'dor', 'fel', 'gar', 'ro', 'sen', 'stein', 'bach', 'mey', 'er', 'wolf', 'hart', 'brun', 'kra', 'us', 'zim'];

export const memberNames = (count) =>
  Array.from({ length: count }, (_, i) => {
    const a = SYLLABLES[i % SYLLABLES.length];
    const b = SYLLABLES[Math.floor(i / SYLLABLES.length) % SYLLABLES.length];
    const c = i >= SYLLABLES.length * SYLLABLES.length ? SYLLABLES[(i * 7) % SYLLABLES.length] : '';
    const last = `${a}${b}${c}`;
    return {
      first_name: FIRST[(i * 11) % FIRST.length],
      last_name: last.charAt(0).toUpperCase() + last.slice(1),
      email: `bench.member.${i}@example.org`,
    };
  });

/** prefixes of 2 to 5 letters of first or last names, as someone typing into the directory search */
export const searchQueries = (names, count) =>
  Array.from({ length: count }, (_, i) => {
    const name = names[(i * 37) % names.length];
    const word = i % 3 === 0 ? name.first_name : name.last_name;
    return word.slice(0, 2 + (i % 4)).toLowerCase();
  });
