export declare const repoRoot: string;
export declare const serverEntry: string;
export declare const portalDir: string;
export declare function assertBuilt(): void;
export declare function freePort(): Promise<number>;
export interface StartedServer {
  baseURL: string;
  port: number;
  /** Temporary folder holding the PGlite data (pglite/) and the portal snapshot served (portal/). */
  dataDir: string;
  staticDir: string;
  logFile: string;
  pid: number | undefined;
  stop(): Promise<void>;
}
export declare function startServer(options?: {
  env?: Record<string, string>;
  logFile?: string;
  startTimeoutMs?: number;
}): Promise<StartedServer>;

export declare const chromiumPath: string;
export declare const chromiumArgs: string[];
