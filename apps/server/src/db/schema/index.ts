export * from './users';
export * from './customers';
export * from './lookups';
export * from './dockets';
export * from './system';
