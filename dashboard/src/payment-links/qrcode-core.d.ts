/**
 * The one module of the `qrcode` package the dashboard bundles: its encoder (lib/core/qrcode.js,
 * plain JavaScript without types of its own; @types/qrcode describes only the package's main
 * entry). Its renderers (canvas, PNG, the SVG string) stay out of the bundle.
 */
declare module "qrcode/lib/core/qrcode.js" {
  /** The symbol's module matrix: `get(row, col)` is 1 for a dark module. */
  export interface QrModules {
    size: number;
    get(row: number, col: number): number;
  }
  export function create(text: string, options?: { errorCorrectionLevel?: "L" | "M" | "Q" | "H" }): { modules: QrModules };
}
