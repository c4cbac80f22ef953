export * from './ExportButton';
export * from './use-csv-export';
export * from './download-export';
export * from './save-file';
export * from './save-file-picker';
