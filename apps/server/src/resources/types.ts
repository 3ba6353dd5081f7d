/** The calls a resource definition can register (SPEC §7's generic calls). */
export type Operation = 'list' | 'detail' | 'create' | 'put' | 'patch' | 'enable' | 'delete';

/** What a write did, as hooks and the record history see it. */
export type WriteAction = 'create' | 'update' | 'enable' | 'delete';
