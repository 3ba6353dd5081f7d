/**
 * The delivery feature's public surface beyond its page: the shell mounts the watcher that keeps
 * the sidebar badge and the feed entries of medication delivery orders live on every page.
 */
export { DeliveryWatch } from './DeliveryWatch.tsx';
