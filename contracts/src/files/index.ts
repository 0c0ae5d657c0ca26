export * from './file-constants';
export * from './file-events';
export * from './file-abilities';
export * from './file-api';
export * from './file-attachments';
export * from './file-profiles';
export * from './file-archives';
export * from './editor-images';
