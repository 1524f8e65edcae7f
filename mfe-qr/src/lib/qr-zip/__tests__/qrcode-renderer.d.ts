// qrcode's internal pixel mapping, untyped by @types/qrcode; the tests compare against it.
declare module 'qrcode/lib/renderer/utils' {
  import type { QRCode, QRCodeRenderersOptions } from 'qrcode';

  interface RendererOptions {
    width?: number;
    margin: number;
  }
  export function getOptions(options: QRCodeRenderersOptions): RendererOptions;
  export function getImageWidth(qrSize: number, options: RendererOptions): number;
  export function qrToImageData(
    imageData: Uint8ClampedArray,
    qr: QRCode,
    options: RendererOptions,
  ): void;
}
