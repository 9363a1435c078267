export * from './accounts.ts';
export * from './mail.ts';
export * from './appraisal.ts';
