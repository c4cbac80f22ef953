export * from './file-size';
export * from './date';
