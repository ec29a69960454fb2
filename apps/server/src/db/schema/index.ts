export * from './users';
export * from './customers';
export * from './lookups';
export * from './dockets';
export * from './system';
export * from './control';
export * from './quotes';
export * from './tracking';
