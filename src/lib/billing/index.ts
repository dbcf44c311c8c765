export * from './dates';
export * from './errors';
export * from './fees';
export * from './pause-resume';
export * from './proration';
export * from './schedule';
export * from './decline';
