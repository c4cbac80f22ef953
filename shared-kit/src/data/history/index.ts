export * from './get-record-history';
export * from './RecordHistory';
export * from './HistorySection';
export * from './HistoryDialog';
export { actionInWords } from './action-words';
