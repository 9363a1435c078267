export * from './accounts.ts';
export * from './after-purchase.ts';
export * from './appraisal.ts';
export * from './checkout.ts';
export * from './leads.ts';
export * from './mail.ts';
export * from './payments-sandbox.ts';
export * from './registrar.ts';
