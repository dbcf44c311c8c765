export * from './configuration';
export * from './price';
export * from './vps';
export * from './summary';
export * from './service-extras';
