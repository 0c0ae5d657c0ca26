import { Inject, type Provider } from '@nestjs/common';
import type { Infrastructure } from './infrastructure';

/** The ports a Nest provider may ask for, each under its own token (a handler names what it uses). */
export type PortName = Exclude<keyof Infrastructure, 'close'>;

export const PORT_TOKENS: { readonly [Name in PortName]: symbol } = {
  config: Symbol('config'),
  eventStore: Symbol('eventStore'),
  bus: Symbol('bus'),
  documentStore: Symbol('documentStore'),
  searchIndex: Symbol('searchIndex'),
  keyStore: Symbol('keyStore'),
  cipher: Symbol('cipher'),
  mail: Symbol('mail'),
  translator: Symbol('translator'),
  logger: Symbol('logger'),
  metrics: Symbol('metrics'),
  clock: Symbol('clock'),
  snapshots: Symbol('snapshots'),
  fileStorage: Symbol('fileStorage'),
};

/** `@InjectPort('eventStore') private readonly eventStore: EventStore` */
export const InjectPort = (name: PortName): ParameterDecorator => Inject(PORT_TOKENS[name]);

/** One provider per port of the infrastructure, for a service's core module to export. */
export const portProviders = (infra: Infrastructure): Provider[] =>
  (Object.keys(PORT_TOKENS) as PortName[]).map((name) => ({ provide: PORT_TOKENS[name], useValue: infra[name] }));

export const PORT_PROVIDER_TOKENS: symbol[] = Object.values(PORT_TOKENS);
