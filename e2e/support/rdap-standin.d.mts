export declare const REGISTERED_DOMAINS: string[];
export interface RdapStandIn {
  url: string;
  bootstrapUrl: string;
  requests: string[];
  stop(): Promise<void>;
}
export declare function startRdapStandIn(options?: { registered?: string[] }): Promise<RdapStandIn>;
