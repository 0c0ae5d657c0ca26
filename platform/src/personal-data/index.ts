// @cn/platform/personal-data: personal data and its cipher (crypto-shredding over the key store).
export * from './personal-data';
export * from './personal-data-cipher';
