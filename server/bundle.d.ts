// Types of server/bundle.js, which stays plain JavaScript (it runs before anything is compiled).
export declare const ENTRIES: Record<"main" | "encoder" | "admin" | "backup" | "demo" | "catalog" | "media", string>;
export declare function bundled(): Promise<string>;
export declare function runBundled(entry: keyof typeof ENTRIES): Promise<void>;
