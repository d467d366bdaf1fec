export * from './tenant';
export * from './user';
export * from './menu';
export * from './param';
export * from './dict';
export * from './mdm';
export * from './session';
