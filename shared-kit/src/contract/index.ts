// The API contract: TypeBox schemas the server validates with, and the types the console compiles against.
export * from '../constants';
export * from './common';
export * from './auth';
export * from './manufacturers';
