// class-transformer keeps its decorator metadata and default options in modules its typings describe
// but its package entry does not export; the fast path (fast-path.ts) reads both.
declare module 'class-transformer/cjs/storage' {
  export { defaultMetadataStorage } from 'class-transformer/types/storage';
}
declare module 'class-transformer/cjs/constants/default-options.constant' {
  export { defaultOptions } from 'class-transformer/types/constants/default-options.constant';
}
