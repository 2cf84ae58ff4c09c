export * from './aadhaar.js';
export * from './constants.js';
export * from './envelope.js';
export * from './messages.js';
export * from './properties.js';
export * from './rooms.js';
export * from './users.js';
export * from './uploads.js';
