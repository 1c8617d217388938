export * from './limits';
export * from './media';
export * from './names';
export * from './format';
export * from './messages';
export * from './schemas';
export * from './themes';
export * from './stats';
