export declare const registrarSiteEntry: string;
export declare const DEMO_REGISTRAR_ID: string;
export declare const ALLOWED_PORT: number;
export declare const UNREGISTERED_PORT: number;

export interface RegistrarSite {
  /** e.g. http://localhost:4000 (no trailing slash) */
  url: string;
  port: number;
  portalURL: string;
  registrarId: string;
  pid: number | undefined;
  logFile: string;
  stop(): Promise<void>;
}

export interface StartRegistrarSiteOptions {
  /** Where the example loads /widget.js and the frame from. */
  portalURL?: string;
  /** Default 4000 (the registered origin). */
  port?: number;
  registrarId?: string;
  /** Bounded wait for the first answer (default 20 s). */
  startTimeoutMs?: number;
  /** Bounded wait for the port to be free, e.g. while another e2e run uses it (default 90 s). */
  portWaitMs?: number;
  /** Default e2e/.tmp/registrar-site-PORT.log */
  logFile?: string;
}

export declare function startRegistrarSite(
  options: StartRegistrarSiteOptions & { portalURL: string },
): Promise<RegistrarSite>;
