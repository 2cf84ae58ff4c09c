import type { Plugin } from 'vite';
export function icuCatalogs(): Plugin;
export function compileCatalog(json: string, locale: string, file?: string): string;
export function messageShape(text: string): Record<string, 'value' | 'plural' | 'select'>;
