/** The URL of the QR render worker's script, built on its own (see rspack.config.cjs). */
declare module '@qr-render-worker' {
  const url: string;
  export default url;
}
