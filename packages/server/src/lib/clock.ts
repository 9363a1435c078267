/** Injected into services so tests can move time without sleeping. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
