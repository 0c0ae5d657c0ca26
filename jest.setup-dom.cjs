// Unit specs that render (jsdom) share two cores with the other workers in CI: a findBy*/waitFor that waits
// for a first answer gets 5 s instead of Testing Library's 1 s, a ceiling against a hang, not a speed check.
// (Found by CI: the navigation's open-invites badge missed the 1 s under load on a clean clone.)
if (typeof document !== 'undefined') require('@testing-library/dom').configure({ asyncUtilTimeout: 5_000 });
