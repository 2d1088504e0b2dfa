export * from './constants';
export * from './validation/contact';
export * from './validation/finderPhone';
export * from './schemas/envelope';
export * from './schemas/auth';
export * from './schemas/admin';
