export declare const TINY: boolean;
export declare function sized<T>(full: T, tiny: T): T;
