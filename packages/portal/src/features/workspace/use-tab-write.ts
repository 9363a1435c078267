// The tabs' write hook lives with the workspace's one write hook (use-write.ts).
export { useTabWrite } from './use-write.ts';
