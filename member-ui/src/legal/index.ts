export { ImprintPage, LegalTextPage } from './LegalPages';
export { ConsentGate } from './ConsentGate';
export { legalLive } from './legal-queries';
