import { hashPassword, verifyPassword } from './passwords';

describe('passwords', () => {
  it('verifies the password it hashed and nothing else', async () => {
    const hash = await hashPassword('changeme', { N: 1024 });
    expect(hash).toMatch(/^scrypt\$1024\$8\$1\$/);
    await expect(verifyPassword('changeme', hash)).resolves.toBe(true);
    await expect(verifyPassword('changeMe', hash)).resolves.toBe(false);
    await expect(verifyPassword('changeme', 'garbage')).resolves.toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same', { N: 1024 })).not.toEqual(await hashPassword('same', { N: 1024 }));
  });
});
