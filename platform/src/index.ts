// @cn/platform: every platform library but the test kit (@cn/platform/testing); each is also reachable on its own subpath.
export * from '@cn/platform/event-store';
export * from '@cn/platform/document-store';
export * from '@cn/platform/event-bus';
export * from '@cn/platform/search-index';
export * from '@cn/platform/key-store';
export * from '@cn/platform/personal-data';
export * from '@cn/platform/files';
export * from '@cn/platform/mail';
export * from '@cn/platform/translation';
export * from '@cn/platform/feeds';
export * from '@cn/platform/snapshots';
export * from '@cn/platform/storage';
export * from '@cn/platform/http';
export * from '@cn/platform/projections';
export * from '@cn/platform/infrastructure';
export * from '@cn/platform/scheduler';
export * from '@cn/platform/file-storage';
