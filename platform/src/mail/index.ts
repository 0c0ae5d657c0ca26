// @cn/platform/mail: the mail port and its outbox adapter.
export * from './mail';
